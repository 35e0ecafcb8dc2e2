package io.lanyard.services.session;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
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
 * Whatever a client does with logins, refreshes and logouts, the state its user makes the service hold stays bounded by
 * {@code security.maxSessionsPerUser} (20): at most that many revocation rows before they fold into one per-user entry that
 * spares the live tokens, in the tables and in every instance's memory, and after a restart (docs/decisions.md §7). The churning
 * instance refreshes without a rate, so a loop is only bounded by the fold; the shared one hears of it by NOTIFY.
 */
class SessionFoldIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";
  private static final String USER_TYPES = "/_plugin/Vendor/user/getAllUserTypes";
  private static final int CAP = 20;
  /** Revocations below the cap, one fold sparing at most the live tokens and those in a refresh's grace period. */
  private static final int MEMORY_BOUND = 3 * CAP + 1;
  private static final int LOOPS = 120;

  private static TestApp churn;

  private String userId;
  private UUID user;

  @BeforeAll
  static void churningInstance() {
    TestApp.shared();
    churn = TestApp.start(Map.of("LANYARD_REFRESH_RATE", "off"));
  }

  @AfterAll
  static void stopChurningInstance() {
    churn.close();
  }

  @BeforeEach
  void account() {
    userId = Accounts.createActive(app, EMAIL);
    user = UUID.fromString(userId);
  }

  @Test
  void aLoopOfLoginsAndLogoutsLeavesBoundedStateAndTheLiveTokenValid() {
    String kept = Accounts.login(churn, EMAIL);
    String firstEnded = null;
    String lastEnded = null;

    for (int i = 0; i < LOOPS; i++) {
      lastEnded = Accounts.login(churn, EMAIL);
      churn.http().post("/_logout", new JsonObject(), lastEnded);
      firstEnded = firstEnded == null ? lastEnded : firstEnded;
    }

    assertBoundedRows();
    assertThat(db.count("SELECT count(*) FROM user_sessions WHERE user_id = $1", user)).isEqualTo(1);
    assertThat(churn.lanyard().revocations().sizeOf(userId)).isLessThanOrEqualTo(MEMORY_BOUND);
    assertThat(app.lanyard().revocations().sizeOf(userId)).isLessThanOrEqualTo(MEMORY_BOUND);
    assertThat(churn.http().get(USER_TYPES, kept).status()).as("the fold spares the live token").isEqualTo(200);
    assertRefused(churn.http(), firstEnded);
    assertRefused(churn.http(), lastEnded);
    String first = firstEnded;
    String last = lastEnded;
    Eventually.within(Duration.ofSeconds(1), "the other instance refuses the ended tokens",
      () -> refused(app.http(), first) && refused(app.http(), last));
    assertThat(app.http().get(USER_TYPES, kept).status()).isEqualTo(200);
  }

  @Test
  void aLoopOfRefreshesLeavesBoundedState() {
    String first = Accounts.login(churn, EMAIL);
    String previous = first;
    String latest = first;

    for (int i = 0; i < LOOPS; i++) {
      previous = latest;
      latest = refreshed(latest);
    }

    assertBoundedRows();
    assertThat(db.count("SELECT count(*) FROM user_sessions WHERE user_id = $1", user)).isEqualTo(1);
    assertThat(churn.lanyard().revocations().sizeOf(userId)).isLessThanOrEqualTo(MEMORY_BOUND);
    assertThat(app.lanyard().revocations().sizeOf(userId)).isLessThanOrEqualTo(MEMORY_BOUND);
    assertRefused(churn.http(), first);
    assertThat(churn.http().get(USER_TYPES, latest).status()).isEqualTo(200);
    String lastReplaced = previous;
    Eventually.within(Duration.ofSeconds(3), "the last replaced token refused after its grace period",
      () -> refused(churn.http(), lastReplaced) && refused(app.http(), lastReplaced));
    assertThat(app.http().get(USER_TYPES, latest).status()).isEqualTo(200);
  }

  @Test
  void loginsPastTheCapFoldTooAndKeepTheNewestTokens() {
    String oldest = Accounts.login(churn, EMAIL);
    String newest = oldest;

    for (int i = 0; i < LOOPS; i++) {
      newest = Accounts.login(churn, EMAIL);
    }

    assertBoundedRows();
    assertThat(db.count("SELECT count(*) FROM user_sessions WHERE user_id = $1", user)).isEqualTo(CAP);
    assertThat(churn.lanyard().revocations().sizeOf(userId)).isLessThanOrEqualTo(MEMORY_BOUND);
    assertRefused(churn.http(), oldest);
    assertThat(churn.http().get(USER_TYPES, newest).status()).isEqualTo(200);
  }

  @Test
  void aRestartLoadsTheBoundedStateAndItsVerdicts() {
    String kept = Accounts.login(churn, EMAIL);
    String ended = Accounts.login(churn, EMAIL);
    churn.http().post("/_logout", new JsonObject(), ended);
    for (int i = 0; i < LOOPS; i++) {
      churn.http().post("/_logout", new JsonObject(), Accounts.login(churn, EMAIL));
    }

    try (TestApp restarted = TestApp.start(Map.of("LANYARD_CACHE_REFRESH_INTERVAL", "1h"))) {
      assertThat(restarted.lanyard().revocations().size()).isLessThanOrEqualTo(MEMORY_BOUND);
      assertRefused(restarted.http(), ended);
      assertThat(restarted.http().get(USER_TYPES, kept).status()).isEqualTo(200);
    }
  }

  @Test
  void aPasswordChangeAfterAFoldKeepsOnlyTheCallersToken() {
    String caller = Accounts.login(churn, EMAIL);
    String other = Accounts.login(churn, EMAIL);
    for (int i = 0; i < CAP + 5; i++) {
      churn.http().post("/_logout", new JsonObject(), Accounts.login(churn, EMAIL));
    }
    assertThat(db.count("SELECT count(*) FROM session_cutoffs WHERE folded_before IS NOT NULL")).isEqualTo(1);

    Http.Response changed = churn.http().send(HttpMethod.PUT, "/credentials/local/_me/_update",
      Buffer.buffer(new JsonObject().put("password", "a brand new password").put("currentPassword", Accounts.PASSWORD).encode()),
      Http.bearer(caller));

    assertThat(changed.status()).withFailMessage(changed.pretty()).isEqualTo(200);
    assertThat(churn.http().get(USER_TYPES, caller).status()).isEqualTo(200);
    assertRefused(churn.http(), other);
    Eventually.within(Duration.ofSeconds(1), "the other instance ends the other token", () -> refused(app.http(), other));
    assertThat(app.http().get(USER_TYPES, caller).status()).isEqualTo(200);
    assertThat(churn.http().get(USER_TYPES, Accounts.login(churn, EMAIL, "a brand new password")).status()).isEqualTo(200);
  }

  @Test
  void aGlobalLogoutAfterAFoldEndsEverythingAndALoginAfterWorks() {
    String live = Accounts.login(churn, EMAIL);
    for (int i = 0; i < CAP + 5; i++) {
      churn.http().post("/_logout", new JsonObject(), Accounts.login(churn, EMAIL));
    }

    churn.http().post("/_logout?global=true", new JsonObject(), live);

    assertRefused(churn.http(), live);
    assertThat(db.count("SELECT count(*) FROM token_revocations WHERE user_id = $1", user)).isZero();
    assertThat(db.count("SELECT count(*) FROM user_sessions WHERE user_id = $1", user)).isZero();
    assertThat(churn.http().get(USER_TYPES, Accounts.login(churn, EMAIL)).status()).isEqualTo(200);
  }

  private void assertBoundedRows() {
    assertThat(db.count("SELECT count(*) FROM token_revocations WHERE user_id = $1", user)).isLessThan(CAP);
    assertThat(db.count("SELECT count(*) FROM session_cutoffs WHERE user_id = $1", user)).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM session_cutoffs c, jsonb_object_keys(c.spared) WHERE c.user_id = $1", user))
      .isLessThanOrEqualTo(2 * CAP);
  }

  private static String refreshed(String jwt) {
    Http.Response response = churn.http().post("/_refreshToken", new JsonObject(), jwt);
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    return response.result().getString("jwt");
  }

  private static boolean refused(Http http, String jwt) {
    Http.Response response = http.get(USER_TYPES, jwt);
    return response.status() == 401 && "Invalid token".equals(response.error().getString("message"));
  }

  private static void assertRefused(Http http, String jwt) {
    Http.Response response = http.get(USER_TYPES, jwt);
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(401);
    assertThat(response.error().getString("message")).isEqualTo("Invalid token");
  }
}
