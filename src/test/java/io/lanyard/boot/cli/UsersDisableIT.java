package io.lanyard.boot.cli;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code users disable EMAIL} and {@code users enable EMAIL}: an operator ends an account's sessions and logins, and back. */
class UsersDisableIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";
  private static final String USER_TYPES = "/_plugin/Vendor/user/getAllUserTypes";

  private String userId;

  @BeforeEach
  void account() {
    userId = Accounts.createActive(app, EMAIL);
  }

  @Test
  void disableRefusesOpenSessionsAtOnceAndLogins() {
    String jwt = Accounts.login(app, EMAIL);

    Cli.Run run = Cli.run("users", "disable", EMAIL);

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    assertThat(run.lines()).containsExactly(userId);
    awaitRefused(jwt);
    Http.Response response = http.get(USER_TYPES, jwt);
    assertThat(response.error().getString("message")).isEqualTo("Invalid token");
    assertThat(response.error().getString("id")).isEqualTo("security.token.invalid");
    assertThat(login().status()).isEqualTo(401);
    assertThat(login().error().getString("message")).isEqualTo("wrong username or password");
    assertThat(db.count("SELECT count(*) FROM session_cutoffs")).isEqualTo(1);
  }

  @Test
  void enableAllowsLoginsAgainButEndedSessionsStayEnded() {
    String before = Accounts.login(app, EMAIL);
    Cli.run("users", "disable", EMAIL);
    awaitRefused(before);

    Cli.Run run = Cli.run("users", "enable", EMAIL);

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    assertThat(run.lines()).containsExactly(userId);
    assertThat(db.single("SELECT status FROM users WHERE email = $1", EMAIL).getString(0)).isEqualTo("active");
    String after = Accounts.login(app, EMAIL);
    assertThat(http.get(USER_TYPES, after).status()).isEqualTo(200);
    assertThat(http.get(USER_TYPES, before).status()).isEqualTo(401);
  }

  @Test
  void enablingAnAccountThatNeverSetItsPasswordMakesItPendingAgain() {
    db.query("INSERT INTO users (email, status) VALUES ('link@example.com', 'disabled')");

    Cli.Run run = Cli.run("users", "enable", "link@example.com");

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    assertThat(db.single("SELECT status FROM users WHERE email = 'link@example.com'").getString(0)).isEqualTo("pending");
  }

  @Test
  void enablingAnAccountThatIsNotDisabledChangesNothing() {
    Cli.Run run = Cli.run("users", "enable", EMAIL);

    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).contains("not disabled (active)");
    assertThat(run.lines()).containsExactly(userId);
  }

  @Test
  void unknownAddressIsRefusedWithoutWriting() {
    for (String command : new String[] {"disable", "enable"}) {
      Cli.Run run = Cli.run("users", command, "nobody@example.com");

      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.err()).contains("no account has that e-mail address");
    }
    assertThat(db.count("SELECT count(*) FROM session_cutoffs")).isZero();
    assertThat(db.single("SELECT status FROM users WHERE email = $1", EMAIL).getString(0)).isEqualTo("active");
  }

  @Test
  void missingAddressIsABadArgument() {
    assertThat(Cli.run("users", "disable").exitCode()).isEqualTo(2);
  }

  private Http.Response login() {
    return http.post("/_login/local", new JsonObject().put("username", EMAIL).put("password", Accounts.PASSWORD));
  }

  /** The CLI's cut-off reaches this instance by NOTIFY: within a second. */
  private void awaitRefused(String jwt) {
    Eventually.within(Duration.ofSeconds(1), "disable reaches the service",
      () -> http.get(USER_TYPES, jwt).status() == 401);
  }
}
