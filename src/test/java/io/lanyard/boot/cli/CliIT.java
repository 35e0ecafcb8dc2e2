package io.lanyard.boot.cli;

import io.lanyard.testing.Cli;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The operator commands of issue 2, run as Main runs them, against the test database. */
class CliIT extends SharedServiceFixture {

  @BeforeEach
  void emptyDatabase() {
    TestApp.shared();
  }

  @Test
  void usersCreateMakesAnActiveAccountThatCanLogIn() {
    Cli.Run run = Cli.run("users", "create", "--email", "  Ann@Example.com ", "--password", "a long password");

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    String id = run.lines().get(run.lines().size() - 1);
    assertThat(UUID.fromString(id)).isNotNull();
    Row row = db.single("SELECT email, status, password_hash, language FROM users WHERE id = $1", UUID.fromString(id));
    assertThat(row.getString("email")).isEqualTo("ann@example.com");
    assertThat(row.getString("status")).isEqualTo("active");
    assertThat(row.getString("password_hash")).startsWith("$2a$04$").doesNotContain("a long password");
    assertThat(row.getString("language")).isEqualTo("eng-GB");
    assertThat(TestApp.shared().http().post("/_login/local",
      new JsonObject().put("username", "ann@example.com").put("password", "a long password")).status()).isEqualTo(200);
  }

  @Test
  void usersCreateRefusesAnExistingAddress() {
    Cli.run("users", "create", "--email", "ann@example.com", "--password", "a long password");

    Cli.Run again = Cli.run("users", "create", "--email", "ANN@example.com", "--password", "another password");

    assertThat(again.exitCode()).isEqualTo(1);
    assertThat(again.err()).contains("already exists");
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(1);
  }

  @Test
  void usersCreateRefusesBadInputWithoutWriting() {
    Cli.Run badEmail = Cli.run("users", "create", "--email", "not-an-address", "--password", "a long password");
    Cli.Run shortPassword = Cli.run("users", "create", "--email", "ann@example.com", "--password", "short");
    Cli.Run longPassword = Cli.run("users", "create", "--email", "ann@example.com", "--password", "é".repeat(37));
    Cli.Run noPassword = Cli.run("users", "create", "--email", "ann@example.com");

    assertThat(badEmail.exitCode()).isEqualTo(2);
    assertThat(badEmail.err()).contains("--email");
    assertThat(shortPassword.exitCode()).isEqualTo(2);
    assertThat(shortPassword.err()).contains("too short");
    assertThat(longPassword.exitCode()).isEqualTo(2);
    assertThat(longPassword.err()).contains("too long");
    assertThat(noPassword.exitCode()).isEqualTo(2);
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
  }

  @Test
  void userTypesSetReplacesTheListAndListPrintsItInOrder() {
    Cli.run("user-types", "set", "old", "types");

    Cli.Run set = Cli.run("user-types", "set", "visitor", "exhibitor", "press");
    Cli.Run list = Cli.run("user-types", "list");

    assertThat(set.exitCode()).isZero();
    assertThat(list.exitCode()).isZero();
    assertThat(list.lines()).containsExactly("visitor", "exhibitor", "press");
    assertThat(db.count("SELECT count(*) FROM user_types")).isEqualTo(3);
  }

  @Test
  void userTypesSetRefusesDuplicatesAndKeepsTheOldList() {
    Cli.run("user-types", "set", "visitor");

    Cli.Run duplicate = Cli.run("user-types", "set", "press", "press");

    assertThat(duplicate.exitCode()).isEqualTo(2);
    assertThat(Cli.run("user-types", "list").lines()).containsExactly("visitor");
  }

  @Test
  void migrateReportsAnUpToDateDatabase() {
    Cli.Run run = Cli.run("migrate");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("up to date");
  }
}
