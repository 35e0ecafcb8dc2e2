package io.lanyard.boot.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/** A password given as {@code --password P} or on standard input ({@code --password-stdin}, which keeps it out of ps). */
final class PasswordOptions {

  private PasswordOptions() {
  }

  static String read(CommandSpec spec, String password, boolean fromStdin) throws IOException {
    if (fromStdin == (password != null)) {
      throw new ParameterException(spec.commandLine(), "give exactly one of --password and --password-stdin");
    }
    if (password != null) {
      return password;
    }
    String line = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
    return line == null ? "" : line;
  }
}
