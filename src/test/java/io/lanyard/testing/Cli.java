package io.lanyard.testing;

import io.lanyard.boot.cli.LanyardCommand;
import io.vertx.core.json.JsonObject;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the jar's CLI in this JVM, exactly as {@code Main} does, with a config file pointing at the test database. */
public final class Cli {

  /** What a command printed, and its exit code. */
  public record Run(int exitCode, String out, String err) {

    public List<String> lines() {
      return out.isBlank() ? List.of() : List.of(out.strip().split("\\R"));
    }
  }

  private Cli() {
  }

  public static Run run(String... arguments) {
    return runOn(TestDb.get(), arguments);
  }

  /** Runs a command against another test database. */
  public static Run runOn(TestDb db, String... arguments) {
    return runWith(configFile(db), arguments);
  }

  /** Runs a command with a config file of the test's own. */
  public static Run runWith(Path config, String... arguments) {
    List<String> all = new ArrayList<>(List.of("-conf", config.toString()));
    all.addAll(List.of(arguments));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine commandLine = LanyardCommand.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    int exitCode = commandLine.execute(all.toArray(String[]::new));
    return new Run(exitCode, out.toString(), err.toString());
  }

  /** The database, bcrypt cost 4. */
  public static Path configFile(TestDb db) {
    return configFile(db.uri(), false);
  }

  /** A database of this server, perhaps one that does not exist; bcrypt cost 4. */
  public static Path configFile(String databaseUri, boolean createDatabase) {
    try {
      Path file = Files.createTempFile("lanyard-cli", ".json");
      file.toFile().deleteOnExit();
      JsonObject config = new JsonObject()
        .put("db", new JsonObject().put("uri", databaseUri).put("createDatabase", createDatabase))
        .put("security", new JsonObject().put("bcryptCost", 4).put("allowWeakBcryptCost", true));
      Files.writeString(file, config.encodePrettily());
      return file;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
