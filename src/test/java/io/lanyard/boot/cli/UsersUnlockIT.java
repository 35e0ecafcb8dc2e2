package io.lanyard.boot.cli;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Http;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code users unlock} and the lock state {@code users show} prints: an address locked by failed logins over HTTP is seen
 * locked, unlocked by the command, and logs in at once; an unknown name locked alike is unlocked alike, with the same answer.
 */
class UsersUnlockIT {

  private static final String EMAIL = "ann@example.com";
  private static final String WRONG = "not the password";
  private static final Map<String, String> SETTINGS = Map.of("LANYARD_LOCKOUT_FAILURES", "3", "LANYARD_LOCKOUT_WAIT", "10m",
    "LANYARD_LOCKOUT_MAX_WAIT", "15m");

  private static TestApp app;
  private static Http http;
  private final TestDb db = TestDb.get();

  @BeforeAll
  static void start() {
    app = TestApp.start(SETTINGS);
    http = app.http();
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void oneAccount() {
    db.truncate();
    Accounts.createActive(app, EMAIL);
  }

  @Test
  void aLockedAccountIsShownUnlockedAndLogsInAgain() {
    Cli.Run free = Cli.run("users", "show", EMAIL);
    assertThat(free.lines()).contains("lockedUntil\t-", "loginFailures\t0");

    failLogins(EMAIL, 3);
    assertThat(login(EMAIL, Accounts.PASSWORD).status()).isEqualTo(429);

    Cli.Run locked = Cli.run("users", "show", EMAIL);
    assertThat(locked.exitCode()).withFailMessage(locked.err()).isZero();
    assertThat(locked.lines()).contains("loginFailures\t3");
    Instant until = Instant.parse(value(locked, "lockedUntil"));
    assertThat(until).isEqualTo(db.single("SELECT locked_until FROM login_lockouts").getOffsetDateTime(0).toInstant());
    assertThat(until).isBetween(Instant.now().plus(Duration.ofMinutes(9)), Instant.now().plus(Duration.ofMinutes(10)));

    Cli.Run unlock = Cli.run("users", "unlock", "  Ann@Example.COM ", "--operator", "desk-7");

    assertThat(unlock.exitCode()).withFailMessage(unlock.err()).isZero();
    assertThat(unlock.lines()).containsExactly("unlocked\tyes", "failuresForgotten\t3");
    assertThat(db.single("SELECT count(*) FROM login_lockouts").getLong(0)).isZero();
    assertThat(Cli.run("users", "show", EMAIL).lines()).contains("lockedUntil\t-", "loginFailures\t0");
    assertThat(login(EMAIL, Accounts.PASSWORD).status()).isEqualTo(200);

    Row event = db.single("SELECT user_id::text, identifier, detail, source, user_agent FROM audit_events WHERE kind = 'login.unlocked'");
    assertThat(event.getString(0)).isEqualTo(db.single("SELECT id::text FROM users WHERE email = $1", EMAIL).getString(0));
    assertThat(event.getString(1)).isEqualTo(EMAIL);
    assertThat(event.getString(2)).isEqualTo("by operator desk-7, was locked, failures 3");
    assertThat(event.getValue(3)).isNull();
    assertThat(event.getString(4)).isEqualTo("lanyard-cli");
  }

  @Test
  void anUnknownNameIsUnlockedWithTheSameAnswer() {
    failLogins(EMAIL, 3);
    failLogins("nobody@example.com", 3);

    Cli.Run known = Cli.run("users", "unlock", EMAIL);
    Cli.Run unknown = Cli.run("users", "unlock", "nobody@example.com");

    assertThat(known.exitCode()).withFailMessage(known.err()).isZero();
    assertThat(unknown.exitCode()).withFailMessage(unknown.err()).isZero();
    assertThat(unknown.out()).isEqualTo(known.out());
    assertThat(unknown.err()).isEqualTo(known.err());
    assertThat(login("nobody@example.com", WRONG).status()).isEqualTo(401);
    Row event = db.single("SELECT user_id, detail FROM audit_events WHERE kind = 'login.unlocked' AND identifier = $1",
      "nobody@example.com");
    assertThat(event.getValue(0)).isNull();
    assertThat(event.getString(1)).startsWith("by operator ").endsWith(", was locked, failures 3");
  }

  @Test
  void unlockingAFreeAddressSaysSoAndChangesNothingElse() {
    failLogins(EMAIL, 1);

    Cli.Run run = Cli.run("users", "unlock", EMAIL);

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    assertThat(run.lines()).containsExactly("unlocked\tno (it was not locked)", "failuresForgotten\t1");
    assertThat(db.single("SELECT count(*) FROM login_lockouts").getLong(0)).isZero();
  }

  @Test
  void badArgumentsAreRefusedAndChangeNothing() {
    failLogins(EMAIL, 3);

    Cli.Run blank = Cli.run("users", "unlock", " ");
    Cli.Run tooLong = Cli.run("users", "unlock", "a".repeat(250) + "@example.com");
    Cli.Run badOperator = Cli.run("users", "unlock", EMAIL, "--operator", "two\nlines");

    assertThat(blank.exitCode()).isEqualTo(2);
    assertThat(tooLong.exitCode()).isEqualTo(2);
    assertThat(badOperator.exitCode()).isEqualTo(2);
    assertThat(badOperator.err()).contains("--operator");
    assertThat(db.single("SELECT failures FROM login_lockouts").getInteger(0)).isEqualTo(3);
    assertThat(db.single("SELECT count(*) FROM audit_events WHERE kind = 'login.unlocked'").getLong(0)).isZero();
  }

  private static void failLogins(String identifier, int times) {
    for (int i = 0; i < times; i++) {
      Http.Response response = login(identifier, WRONG);
      assertThat(response.status()).withFailMessage(response.pretty()).isIn(401, 429);
    }
  }

  private static Http.Response login(String username, String password) {
    return http.post("/_login/local", new JsonObject().put("username", username).put("password", password));
  }

  private static String value(Cli.Run run, String key) {
    return run.lines().stream().filter(line -> line.startsWith(key + "\t")).findFirst().orElseThrow().split("\t", 2)[1];
  }
}
