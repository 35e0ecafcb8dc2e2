package io.lanyard.boot.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.util.Optional;

/** An application's display name as given on the command line: trimmed, one line, at most 100 characters; blank is none. */
final class DisplayNames {

  private static final int MAX_LENGTH = 100;

  private DisplayNames() {
  }

  static Optional<String> parse(CommandSpec spec, String option, String text) {
    if (text == null || text.isBlank()) {
      return Optional.empty();
    }
    String trimmed = text.trim();
    if (trimmed.length() > MAX_LENGTH || trimmed.chars().anyMatch(Character::isISOControl)) {
      throw new ParameterException(spec.commandLine(), option + ": one line of at most " + MAX_LENGTH + " characters");
    }
    return Optional.of(trimmed);
  }
}
