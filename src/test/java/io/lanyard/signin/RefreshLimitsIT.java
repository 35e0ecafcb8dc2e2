package io.lanyard.signin;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Await;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code _refreshToken} is limited per user ({@code security.refreshRate}: 429 before anything is written) and per token (a
 * token mints one successor, however many tabs share it), docs/decisions.md §7.
 */
class RefreshLimitsIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";
  private static final String USER_TYPES = "/_plugin/Vendor/user/getAllUserTypes";

  /** Three refreshes at once, then one every twenty minutes. */
  private static TestApp limited;

  private String userId;

  @BeforeAll
  static void limitedInstance() {
    TestApp.shared();
    limited = TestApp.start(Map.of("LANYARD_REFRESH_RATE", "3/1h"));
  }

  @AfterAll
  static void stopLimitedInstance() {
    limited.close();
  }

  @BeforeEach
  void account() {
    userId = Accounts.createActive(app, EMAIL);
  }

  @Test
  void overTheUsersRateIs429WithRetryAfterAndWritesNothing() {
    String jwt = Accounts.login(limited, EMAIL);
    for (int i = 0; i < 3; i++) {
      jwt = refreshed(limited.http(), jwt);
    }
    long revocations = db.count("SELECT count(*) FROM token_revocations");
    long sessions = db.count("SELECT count(*) FROM user_sessions");

    Http.Response refused = limited.http().post("/_refreshToken", new JsonObject(), jwt);

    assertThat(refused.status()).withFailMessage(refused.pretty()).isEqualTo(429);
    assertThat(refused.body().getString("action")).isEqualTo("refreshToken");
    assertThat(refused.error().getString("id")).isEqualTo("api.process.too_many_requests");
    assertThat(refused.error().getString("message")).isEqualTo("Too many requests");
    assertThat(refused.error().getString("stack")).isEqualTo("TooManyRequestsError: Too many requests");
    assertThat(Long.parseLong(refused.headers().get("Retry-After"))).isBetween(1L, 1200L);
    assertThat(db.count("SELECT count(*) FROM token_revocations")).isEqualTo(revocations);
    assertThat(db.count("SELECT count(*) FROM user_sessions")).isEqualTo(sessions);
    assertThat(limited.http().get(USER_TYPES, jwt).status()).as("the token is untouched").isEqualTo(200);
    assertThat(limited.http().get("/metrics").text())
      .containsPattern("lanyard_requests_throttled_total\\{[^}]*operation=\"refreshToken\"[^}]*reason=\"refresh_rate\"[^}]*} 1\\.0");
  }

  @Test
  void theRateIsPerUser() {
    String anns = Accounts.login(limited, EMAIL);
    for (int i = 0; i < 3; i++) {
      anns = refreshed(limited.http(), anns);
    }
    Accounts.createActive(app, "bob@example.com");

    String bobs = Accounts.login(limited, "bob@example.com");

    assertThat(limited.http().post("/_refreshToken", new JsonObject(), anns).status()).isEqualTo(429);
    assertThat(limited.http().post("/_refreshToken", new JsonObject(), bobs).status()).isEqualTo(200);
  }

  @Test
  void aTokenAlreadyRefreshedMintsNoOtherAndWritesNothing() {
    String first = Accounts.login(app, EMAIL);
    String second = refreshed(http, first);
    long revocations = db.count("SELECT count(*) FROM token_revocations");
    long sessions = db.count("SELECT count(*) FROM user_sessions");

    Http.Response again = http.post("/_refreshToken", new JsonObject(), first);

    LogoutIT.assertRevoked(again);
    assertThat(db.count("SELECT count(*) FROM token_revocations")).isEqualTo(revocations);
    assertThat(db.count("SELECT count(*) FROM user_sessions")).isEqualTo(sessions);
    assertThat(http.get(USER_TYPES, second).status()).as("its successor is untouched").isEqualTo(200);
    assertThat(refreshed(http, second)).as("and may be refreshed in turn").isNotEqualTo(second);
  }

  @Test
  void twoTabsRefreshingOneTokenAtOnceGetOneSuccessorBetweenThem() {
    String shared = Accounts.login(app, EMAIL);

    List<Http.Response> replies = Await.await(Future.all(
        http.postAsync("/_refreshToken", new JsonObject(), shared),
        limited.http().postAsync("/_refreshToken", new JsonObject(), shared)))
      .list();

    assertThat(replies).extracting(Http.Response::status).containsExactlyInAnyOrder(200, 401);
    assertThat(db.count("SELECT count(*) FROM user_sessions WHERE user_id = $1", UUID.fromString(userId))).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM token_revocations WHERE user_id = $1", UUID.fromString(userId))).isEqualTo(1);
  }

  @Test
  void aTokenEndedByLogoutCannotBeRefreshed() {
    String first = Accounts.login(app, EMAIL);
    String other = Accounts.login(app, EMAIL);
    http.post("/_logout", new JsonObject(), first);

    // the instance that logged it out refuses it before the route runs; the other one, before it hears, at the route
    Http.Response response = limited.http().post("/_refreshToken", new JsonObject(), first);

    LogoutIT.assertRevoked(response);
    assertThat(http.get(USER_TYPES, other).status()).isEqualTo(200);
  }

  private static String refreshed(Http http, String jwt) {
    Http.Response response = http.post("/_refreshToken", new JsonObject(), jwt);
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    return response.result().getString("jwt");
  }
}
