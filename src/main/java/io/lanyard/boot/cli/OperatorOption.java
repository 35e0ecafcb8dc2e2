package io.lanyard.boot.cli;

import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code --operator NAME}: who did a help-desk action, as the audit trail records it. A picocli mixin. */
final class OperatorOption {

  /** The longest name kept in the audit trail. */
  private static final int MAX_LENGTH = 64;

  @Spec(Spec.Target.MIXEE)
  private CommandSpec spec;

  @Option(names = "--operator", defaultValue = "${sys:user.name}", paramLabel = "NAME",
    description = "Who does it, for the audit trail (default: your login name, ${DEFAULT-VALUE}).")
  private String name;

  /** Refuses a name the audit trail could not show as it is. */
  void check() {
    if (name == null || name.isBlank() || name.length() > MAX_LENGTH || name.codePoints().anyMatch(Character::isISOControl)) {
      throw new ParameterException(spec.commandLine(), "--operator: 1 to " + MAX_LENGTH + " characters, no control characters");
    }
  }

  /** The actor the audit trail names: {@code operator NAME}. */
  String actor() {
    check();
    return "operator " + name.strip();
  }
}
