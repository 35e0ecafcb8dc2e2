package io.lanyard.boot.cli;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.StreamSupport;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code users seed --synthetic} and {@code users purge --synthetic} (docs/decisions.md §10), through the jar's CLI. */
class SyntheticAccountsCliIT extends SharedServiceFixture {

  private static final String PASSWORD = "load test password";

  @TempDir
  Path dir;

  @Test
  void seedWritesTokensThatActivateThroughTheApiAndAccountsThatLogIn() throws IOException {
    Path users = dir.resolve("users.csv");

    Cli.Run seeded = Cli.run("users", "seed", "--synthetic", "--active", "3", "--pending", "2", "--password", PASSWORD,
      "--prefix", "t-", "--out", users.toString());

    assertThat(seeded.exitCode()).withFailMessage(seeded.err()).isZero();
    assertThat(seeded.lines()).contains("active: 3/3", "pending: 2/2");
    assertThat(seeded.lines().get(seeded.lines().size() - 1)).startsWith("Seeded 3 active and 2 pending synthetic accounts");
    List<String> csv = Files.readAllLines(users);
    assertThat(csv).hasSize(6);
    assertThat(csv.subList(0, 4)).containsExactly("email,status,token", "t-a1@loadtest.invalid,active,",
      "t-a2@loadtest.invalid,active,", "t-a3@loadtest.invalid,active,");
    assertThat(Files.getPosixFilePermissions(users)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
    assertThat(Accounts.loginStatus(app, "t-a2@loadtest.invalid", PASSWORD)).isEqualTo(200);
    String[] pending = csv.get(4).split(",");
    assertThat(pending[0]).isEqualTo("t-p1@loadtest.invalid");
    assertThat(pending[1]).isEqualTo("pending");
    Http.Response activated = http.post("/_plugin/Vendor/user/activate",
      new JsonObject().put("token", pending[2]).put("password", "my own password"));
    assertThat(activated.result().getInteger("statusCode")).withFailMessage(activated.pretty()).isZero();
    assertThat(Accounts.loginStatus(app, "t-p1@loadtest.invalid", "my own password")).isEqualTo(200);
    assertThat(db.count("SELECT count(*) FROM users WHERE synthetic")).isEqualTo(5);
    assertThat(db.count("SELECT count(*) FROM account_links WHERE encode(token_hash, 'escape') LIKE '%' || $1 || '%'",
      pending[2])).as("only the token's hash is stored").isZero();
  }

  @Test
  void seedWritesOnlyTheAccountsItCreated() {
    Cli.run("users", "seed", "--synthetic", "--active", "2", "--password", PASSWORD, "--prefix", "t-",
      "--out", dir.resolve("first.csv").toString());

    Cli.Run again = Cli.run("users", "seed", "--synthetic", "--active", "3", "--password", "another password", "--prefix", "t-",
      "--out", dir.resolve("second.csv").toString());

    assertThat(again.exitCode()).isZero();
    assertThat(again.out()).contains("Seeded 1 active and 0 pending synthetic accounts", "2 addresses already taken");
    assertThat(Accounts.loginStatus(app, "t-a1@loadtest.invalid", PASSWORD)).as("left as it was").isEqualTo(200);
  }

  @Test
  void seedRefusesADomainThatIsNotSyntheticAndAnExistingFile() throws IOException {
    Path existing = Files.writeString(dir.resolve("existing.csv"), "keep me");

    Cli.Run realDomain = Cli.run("users", "seed", "--synthetic", "--active", "1", "--password", PASSWORD,
      "--domain", "example.com", "--out", dir.resolve("users.csv").toString());
    Cli.Run overwrite = Cli.run("users", "seed", "--synthetic", "--active", "1", "--password", PASSWORD,
      "--out", existing.toString());
    Cli.Run withoutFlag = Cli.run("users", "seed", "--active", "1", "--password", PASSWORD,
      "--out", dir.resolve("other.csv").toString());

    assertThat(realDomain.exitCode()).isEqualTo(1);
    assertThat(realDomain.err()).contains("--domain must be in loadTest.domains (loadtest.invalid)");
    assertThat(overwrite.exitCode()).isEqualTo(1);
    assertThat(Files.readString(existing)).isEqualTo("keep me");
    assertThat(withoutFlag.exitCode()).isEqualTo(2);
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
  }

  @Test
  void purgeRemovesExactlyTheSyntheticRowsAndNothingElse() {
    Fixtures.App fair = Fixtures.lifecycleApp(app, "fair");
    http.post("/_plugin/Vendor/user/create", creation("ann@loadtest.invalid", fair.token(), null, null));
    http.post("/_plugin/Vendor/user/create", creation("bob@example.com", fair.token(), null, null));
    http.post("/_plugin/Vendor/user/create", creation("carl@loadtest.invalid", fair.token(), null, null));
    Accounts.createActive(app, "dan@loadtest.invalid");
    Accounts.createActive(app, "eve@example.com");
    http.post("/_logout", new JsonObject(), Accounts.login(app, "dan@loadtest.invalid"));
    http.post("/_logout", new JsonObject(), Accounts.login(app, "eve@example.com"));
    http.post("/_plugin/Vendor/user/requestPasswordReset",
      new JsonObject().put("email", "dan@loadtest.invalid").put("fromThirdParty", fair.token()));
    smtp.awaitMessages(1);

    Cli.Run purged = Cli.run("users", "purge", "--synthetic");

    assertThat(purged.exitCode()).withFailMessage(purged.err()).isZero();
    assertThat(purged.lines()).containsExactly("accounts\t3", "links\t3", "mails\t3", "sessions\t1");
    assertThat(emails("SELECT email FROM users ORDER BY email")).containsExactly("bob@example.com", "eve@example.com");
    assertThat(emails("SELECT u.email FROM account_links l JOIN users u ON u.id = l.user_id"))
      .containsExactly("bob@example.com");
    assertThat(emails("SELECT recipient FROM mail_outbox")).containsExactly("bob@example.com");
    assertThat(db.count("SELECT count(*) FROM password_resets")).isZero();
    assertThat(emails("SELECT u.email FROM token_revocations r JOIN users u ON u.id = r.user_id"))
      .containsExactly("eve@example.com");
    assertThat(Accounts.loginStatus(app, "eve@example.com", Accounts.PASSWORD)).isEqualTo(200);
  }

  @Test
  void purgeOlderThanKeepsRecentAccounts() {
    Cli.run("users", "seed", "--synthetic", "--active", "1", "--pending", "1", "--password", PASSWORD, "--prefix", "t-",
      "--out", dir.resolve("users.csv").toString());
    db.query("UPDATE users SET created_at = now() - interval '3 hours' WHERE email = 't-p1@loadtest.invalid'");

    Cli.Run purged = Cli.run("users", "purge", "--synthetic", "--older-than", "2h");
    Cli.Run badAge = Cli.run("users", "purge", "--synthetic", "--older-than", "soon");

    assertThat(purged.lines()).containsExactly("accounts\t1", "links\t1", "mails\t0", "sessions\t0");
    assertThat(emails("SELECT email FROM users")).containsExactly("t-a1@loadtest.invalid");
    assertThat(badAge.exitCode()).isEqualTo(2);
  }

  private List<String> emails(String sql) {
    return StreamSupport.stream(db.query(sql).spliterator(), false).map(row -> row.getString(0)).toList();
  }
}
