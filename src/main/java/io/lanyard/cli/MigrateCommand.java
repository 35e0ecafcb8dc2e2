package io.lanyard.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code migrate}: bring the database schema up to date, and stop. */
@Command(name = "migrate", description = "Create the database if configured to, apply pending migrations, and exit.")
final class MigrateCommand implements Callable<Integer> {

  @Spec
  private CommandSpec spec;

  @Override
  public Integer call() {
    try (CliRuntime runtime = CliRuntime.migrating(spec)) {
      spec.commandLine().getOut().println("Database is up to date");
    }
    return 0;
  }
}
