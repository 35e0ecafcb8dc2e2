package io.lanyard.services.session;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances on one database: a revocation made on one holds on the other within a second. The second instance reloads
 * nothing on a timer (an hour), so only LISTEN/NOTIFY can bring it the news; its requests are answered from memory.
 */
class RevocationAcrossInstancesIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";
  private static final String USER_TYPES = "/_plugin/Vendor/user/getAllUserTypes";
  private static final Duration ONE_SECOND = Duration.ofSeconds(1);

  private static TestApp other;

  private String userId;

  @BeforeAll
  static void secondInstance() {
    TestApp.shared();
    other = TestApp.start(Map.of("LANYARD_CACHE_REFRESH_INTERVAL", "1h"));
  }

  @AfterAll
  static void stopSecondInstance() {
    other.close();
  }

  @BeforeEach
  void account() {
    userId = Accounts.createActive(app, EMAIL);
  }

  @Test
  void logoutOnOneIsRefusedOnTheOtherWithinASecond() {
    String jwt = Accounts.login(app, EMAIL);
    assertThat(other.http().get(USER_TYPES, jwt).status()).isEqualTo(200);

    app.http().post("/_logout", new JsonObject(), jwt);

    Eventually.within(ONE_SECOND, "logout reaches the other instance", () -> refused(other.http(), jwt));
  }

  @Test
  void globalLogoutOnOneIsRefusedOnTheOtherWithinASecond() {
    String first = Accounts.login(app, EMAIL);
    String second = Accounts.login(other, EMAIL);

    other.http().post("/_logout?global=true", new JsonObject(), second);

    Eventually.within(ONE_SECOND, "global logout reaches the first instance", () -> refused(app.http(), first));
    assertThat(refused(app.http(), second)).isTrue();
  }

  @Test
  void refreshOnOneRefusesTheOldTokenOnTheOtherAfterTheGracePeriod() {
    String old = Accounts.login(app, EMAIL);

    app.http().post("/_refreshToken", new JsonObject(), old);

    assertThat(other.http().get(USER_TYPES, old).status()).isEqualTo(200);
    Eventually.within(Duration.ofSeconds(2), "old token refused on the other instance", () -> refused(other.http(), old));
  }

  @Test
  void disablingWithTheCliEndsEverySessionOnEveryInstanceWithinASecond() {
    String onFirst = Accounts.login(app, EMAIL);
    String onSecond = Accounts.login(other, EMAIL);

    Cli.Run run = Cli.run("users", "disable", "  Ann@Example.com ");

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    assertThat(run.lines()).containsExactly(userId);
    Eventually.within(ONE_SECOND, "disable reaches the first instance", () -> refused(app.http(), onFirst));
    Eventually.within(ONE_SECOND, "disable reaches the second instance", () -> refused(other.http(), onSecond));
    assertThat(refused(app.http(), onSecond)).isTrue();
    assertThat(db.single("SELECT status FROM users WHERE id = $1", UUID.fromString(userId)).getString(0)).isEqualTo("disabled");
  }

  @Test
  void anInstanceStartedLaterKnowsEarlierRevocations() {
    String loggedOut = Accounts.login(app, EMAIL);
    String stillValid = Accounts.login(app, EMAIL);
    app.http().post("/_logout", new JsonObject(), loggedOut);
    Accounts.createActive(app, "bob@example.com");
    String bobs = Accounts.login(app, "bob@example.com");
    app.http().post("/_logout?global=true", new JsonObject(), bobs);

    try (TestApp later = TestApp.start(Map.of("LANYARD_CACHE_REFRESH_INTERVAL", "1h"))) {
      assertThat(refused(later.http(), loggedOut)).isTrue();
      assertThat(refused(later.http(), bobs)).isTrue();
      assertThat(later.http().get(USER_TYPES, stillValid).status()).isEqualTo(200);
    }
  }

  @Test
  void aLargeTableIsLoadedInPagesAtStart() {
    String jwt = Accounts.login(app, EMAIL);
    app.http().post("/_logout", new JsonObject(), jwt);
    // written behind the service's back, after the logout: a logout past security.maxSessionsPerUser revocations folds them
    db.query("""
      INSERT INTO token_revocations (token_id, user_id, refused_from, expires_at)
      SELECT 'filler-' || n, $1, now(), now() + interval '1 hour' FROM generate_series(1, 25000) AS n""",
      UUID.fromString(userId));

    try (TestApp later = TestApp.start(Map.of("LANYARD_CACHE_REFRESH_INTERVAL", "1h"))) {
      assertThat(refused(later.http(), jwt)).isTrue();
    }
  }

  @Test
  void expiredRowsArePrunedAndLiveOnesKept() {
    UUID id = UUID.fromString(userId);
    db.query("INSERT INTO token_revocations (token_id, user_id, refused_from, expires_at) VALUES "
      + "('expired', $1, now() - interval '3 hours', now() - interval '2 hours'), "
      + "('live', $1, now(), now() + interval '1 hour'), ('never', $1, now(), NULL)", id);
    db.query("INSERT INTO session_cutoffs (user_id, not_before, expires_at) VALUES ($1, now() - interval '31 days', "
      + "now() - interval '1 day')", id);

    try (TestApp later = TestApp.start(Map.of())) {
      assertThat(later.port()).isPositive();
    }

    assertThat(db.query("SELECT token_id FROM token_revocations ORDER BY token_id").iterator())
      .toIterable().extracting(row -> row.getString(0)).containsExactly("live", "never");
    assertThat(db.count("SELECT count(*) FROM session_cutoffs")).isZero();
  }

  private static boolean refused(Http http, String jwt) {
    Http.Response response = http.get(USER_TYPES, jwt);
    return response.status() == 401 && "Invalid token".equals(response.error().getString("message"));
  }
}
