package io.lanyard.boot.cli;

import io.lanyard.testing.Cli;
import io.lanyard.testing.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which commands may create or migrate a database: serve and migrate only. Every other command, reading or writing, needs the
 * database to exist and be up to date, and says in one line on stderr what is wrong when it is not.
 */
class CliDatabaseIT {

  private static final String SERVER = TestDb.HOST + ":" + TestDb.PORT;

  private final String missing = "lanyard_missing_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);

  @AfterEach
  void dropWhatMigrateCreated() {
    TestDb.onServer("DROP DATABASE IF EXISTS " + missing + " WITH (FORCE)");
  }

  @Test
  void noCommandButMigrateCreatesOrMigratesAMissingDatabase() throws IOException {
    Path config = Cli.configFile(TestDb.uri(missing), true);
    Path text = Files.createTempFile("lanyard-template", ".txt");
    text.toFile().deleteOnExit();
    List<String[]> commands = List.of(
      new String[] {"apps", "list"},
      new String[] {"apps", "create", "--name", "badges"},
      new String[] {"apps", "disable", "badges"},
      new String[] {"apps", "enable", "badges"},
      new String[] {"apps", "revoke", "badges"},
      new String[] {"apps", "set-link-url", "badges", "https://fair.example/activate?token={token}"},
      new String[] {"templates", "list", "--app", "badges"},
      new String[] {"templates", "set", "--app", "badges", "--kind", "welcome", "--language", "eng-GB", "--subject", "Hi",
        "--text-file", text.toString()},
      new String[] {"user-types", "list"},
      new String[] {"user-types", "set", "visitor"},
      new String[] {"users", "create", "--email", "ann@example.com", "--password", "a long password"},
      new String[] {"users", "disable", "ann@example.com"},
      new String[] {"users", "enable", "ann@example.com"},
      new String[] {"mail", "status"},
      new String[] {"mail", "retry-dead"});

    for (String[] command : commands) {
      Cli.Run run = Cli.runWith(config, command);

      assertThat(run.exitCode()).as(String.join(" ", command)).isEqualTo(1);
      assertThat(run.out()).as(String.join(" ", command)).isEmpty();
      assertThat(run.err()).as(String.join(" ", command)).isEqualTo("lanyard: database \"" + missing + "\" at " + SERVER
        + " does not exist; run 'lanyard migrate' or start the service first" + System.lineSeparator());
    }
    assertThat(TestDb.get().count("SELECT count(*) FROM pg_database WHERE datname = $1", missing)).isZero();
  }

  @Test
  void migrateCreatesAndMigratesAMissingDatabaseForTheOtherCommands() {
    Path config = Cli.configFile(TestDb.uri(missing), true);

    Cli.Run migrate = Cli.runWith(config, "migrate");
    Cli.Run list = Cli.runWith(config, "user-types", "list");

    assertThat(migrate.exitCode()).withFailMessage(migrate.err()).isZero();
    assertThat(migrate.lines()).containsExactly("Database is up to date");
    assertThat(list.exitCode()).withFailMessage(list.err()).isZero();
  }

  @Test
  void migrateNamesTheSettingWhenItMayNotCreateTheDatabase() {
    Cli.Run migrate = Cli.runWith(Cli.configFile(TestDb.uri(missing), false), "migrate");

    assertThat(migrate.exitCode()).isEqualTo(1);
    assertThat(migrate.err().strip()).isEqualTo("lanyard: database \"" + missing + "\" at " + SERVER
      + " does not exist, and setting db.createDatabase (LANYARD_DB_CREATE_DATABASE) is false");
  }

  @Test
  void aDatabaseWithoutTheSchemaIsRefusedAndLeftEmpty() {
    TestDb empty = TestDb.create();

    Cli.Run run = Cli.runOn(empty, "apps", "list");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().strip()).isEqualTo("lanyard: database \"" + empty.name() + "\" at " + SERVER
      + " has no Lanyard schema yet; run 'lanyard migrate' or start the service first");
    assertThat(empty.count("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")).isZero();
  }

  @Test
  void aSchemaOlderThanThisJarIsRefused() {
    // as after restoring a backup taken before the last migration
    TestDb behind = TestDb.create();
    assertThat(Cli.runOn(behind, "migrate").exitCode()).isZero();
    behind.query("DELETE FROM flyway_schema_history"
      + " WHERE installed_rank = (SELECT max(installed_rank) FROM flyway_schema_history)");

    Cli.Run run = Cli.runOn(behind, "user-types", "list");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().strip()).startsWith("lanyard: database \"" + behind.name() + "\" at " + SERVER + " has schema version ")
      .contains(", older than the ").endsWith(" this lanyard needs; run 'lanyard migrate' first").doesNotContain("\n");
  }
}
