package io.lanyard.boot.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code migrate}: bring the database schema up to date, and stop. */
@Command(name = "migrate",
  description = "Create the database if missing (db.createDatabase), apply pending migrations, and exit.",
  footer = {"  LANYARD_DB_URI=postgresql://lanyard@db.internal:5432/lanyard \\",
    "    java -jar lanyard.jar migrate"})
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
