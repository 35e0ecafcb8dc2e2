package io.lanyard.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/** {@code serve}: the same as no command. */
@Command(name = "serve", description = "Migrate the database, then serve the API (the default).")
final class ServeCommand implements Callable<Integer> {

  @ParentCommand
  private LanyardCommand root;

  @Override
  public Integer call() {
    return Server.run(root.configFile());
  }
}
