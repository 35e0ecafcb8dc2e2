package io.lanyard.boot.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/** {@code serve}: the same as no command. */
@Command(name = "serve", description = "Create the database if missing (db.createDatabase), migrate it, then serve the API until "
  + "SIGTERM or SIGINT. The default when no command is given. Logs go to standard output.",
  footer = "  LANYARD_HTTP_PORT=8080 java -jar lanyard.jar serve")
final class ServeCommand implements Callable<Integer> {

  @ParentCommand
  private LanyardCommand root;

  @Override
  public Integer call() {
    return Server.run(root.config());
  }
}
