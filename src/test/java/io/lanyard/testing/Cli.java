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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the jar's CLI in this JVM, exactly as {@code Main} does, with a config file pointing at the test database and an
 * environment of the test's (never this JVM's).
 */
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

  /**
   * Runs a command on the test database with {@code overrides} of the environment (a null value removes a variable of
   * {@link #environment}): {@code LANYARD_PUBLIC_URL}, or no {@code LANYARD_JWT_SECRET_KEY}.
   */
  public static Run runWithEnvironment(Map<String, String> overrides, String... arguments) {
    Map<String, String> env = new HashMap<>(environment());
    overrides.forEach((name, value) -> {
      if (value == null) {
        env.remove(name);
      } else {
        env.put(name, value);
      }
    });
    return runWith(configFile(TestDb.get()), env, arguments);
  }

  /**
   * The environment every command runs with unless told otherwise: none of this JVM's variables, but the tests' deployment key,
   * as the service under test has it ({@link TestApp#environment}).
   */
  public static Map<String, String> environment() {
    return Map.of("LANYARD_JWT_SECRET_KEY", TestApp.JWT_SECRET_KEY);
  }

  /** Runs a command against another test database. */
  public static Run runOn(TestDb db, String... arguments) {
    return runWith(configFile(db), arguments);
  }

  /** Runs a command with a config file of the test's own. */
  public static Run runWith(Path config, String... arguments) {
    return runWith(config, environment(), arguments);
  }

  /** Runs a command with a config file and an environment of the test's own. */
  public static Run runWith(Path config, Map<String, String> env, String... arguments) {
    List<String> all = new ArrayList<>(List.of("-conf", config.toString()));
    all.addAll(List.of(arguments));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine commandLine = LanyardCommand.commandLine(env);
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
