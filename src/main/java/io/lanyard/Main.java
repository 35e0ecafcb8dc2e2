package io.lanyard;

import io.lanyard.cli.LanyardCommand;

/** The jar's entry: the service when no command is given, else an operator command (see {@link LanyardCommand}). */
public final class Main {

  private Main() {
  }

  public static void main(String[] args) {
    int exitCode = LanyardCommand.commandLine().execute(args);
    if (exitCode != LanyardCommand.SERVING) {
      System.exit(exitCode);
    }
  }
}
