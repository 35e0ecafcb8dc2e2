package io.lanyard.services.session;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Await;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * At most {@code security.maxSessionsPerUser} (20) live tokens per user, on every instance together: a login past it revokes
 * the user's oldest token (docs/decisions.md §7). The second instance reloads nothing on a timer, so only NOTIFY brings it news.
 */
class SessionCapIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";
  private static final String USER_TYPES = "/_plugin/Vendor/user/getAllUserTypes";
  private static final int CAP = 20;
  private static final Pattern CAPPED = Pattern.compile("^lanyard_sessions_capped_total(\\{[^}]*})? (\\S+)$", Pattern.MULTILINE);

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
  void theTwentyFirstLoginRevokesTheFirstTokenOnly() {
    List<String> tokens = new ArrayList<>();
    for (int i = 0; i < CAP; i++) {
      tokens.add(Accounts.login(app, EMAIL));
    }
    double cappedBefore = capped(app);

    String latest = Accounts.login(app, EMAIL);

    assertRevoked(http.get(USER_TYPES, tokens.get(0)));
    Eventually.within(Duration.ofSeconds(1), "the cap reaches the other instance", () -> refused(other.http(), tokens.get(0)));
    for (String live : tokens.subList(1, CAP)) {
      assertThat(http.get(USER_TYPES, live).status()).isEqualTo(200);
      assertThat(other.http().get(USER_TYPES, live).status()).isEqualTo(200);
    }
    assertThat(http.get(USER_TYPES, latest).status()).isEqualTo(200);
    assertThat(db.count("SELECT count(*) FROM user_sessions WHERE user_id = $1", UUID.fromString(userId))).isEqualTo(CAP);
    assertThat(db.single("SELECT token_id FROM token_revocations").getString(0))
      .isEqualTo(Accounts.tokenId(tokens.get(0)));
    assertThat(capped(app) - cappedBefore).isEqualTo(1.0);
  }

  @Test
  void expiredRowsDoNotCountTowardTheCap() {
    List<String> tokens = new ArrayList<>();
    for (int i = 0; i < CAP - 1; i++) {
      tokens.add(Accounts.login(app, EMAIL));
    }
    db.query("INSERT INTO user_sessions (token_id, user_id, issued_at, expires_at) VALUES "
      + "('expired-1', $1, now() - interval '3 hours', now() - interval '2 hours'), "
      + "('expired-2', $1, now() - interval '3 hours', now() - interval '1 hour')", UUID.fromString(userId));

    String latest = Accounts.login(app, EMAIL);

    // the user holds more rows than the cap, but only the cap of live tokens: none is ended, the expired rows go
    for (String live : tokens) {
      assertThat(http.get(USER_TYPES, live).status()).isEqualTo(200);
    }
    assertThat(http.get(USER_TYPES, latest).status()).isEqualTo(200);
    assertThat(db.count("SELECT count(*) FROM user_sessions WHERE user_id = $1", UUID.fromString(userId))).isEqualTo(CAP);
    assertThat(db.count("SELECT count(*) FROM user_sessions WHERE token_id LIKE 'expired-%'")).isZero();
    assertThat(db.count("SELECT count(*) FROM token_revocations")).isZero();
  }

  @Test
  void theCapHoldsAcrossInstances() {
    List<String> tokens = new ArrayList<>();
    for (int i = 0; i < CAP; i++) {
      tokens.add(Accounts.login(i % 2 == 0 ? app : other, EMAIL));
    }

    Accounts.login(other, EMAIL);
    Accounts.login(app, EMAIL);

    // the first was issued by the first instance and ended by the second; the second the other way round
    assertRevoked(other.http().get(USER_TYPES, tokens.get(0)));
    assertRevoked(app.http().get(USER_TYPES, tokens.get(1)));
    Eventually.within(Duration.ofSeconds(1), "each instance hears of the other's cap",
      () -> refused(app.http(), tokens.get(0)) && refused(other.http(), tokens.get(1)));
    assertThat(other.http().get(USER_TYPES, tokens.get(2)).status()).isEqualTo(200);
    assertThat(app.http().get(USER_TYPES, tokens.get(CAP - 1)).status()).isEqualTo(200);
    assertThat(db.count("SELECT count(*) FROM user_sessions WHERE user_id = $1", UUID.fromString(userId))).isEqualTo(CAP);
  }

  @Test
  void loginsAtOnceOnBothInstancesLeaveExactlyTheCap() {
    List<Future<Http.Response>> logins = new ArrayList<>();
    for (int i = 0; i < CAP + 6; i++) {
      logins.add((i % 2 == 0 ? app : other).http().postAsync("/_login/local", credentials()));
    }

    List<Http.Response> replies = Await.await(Future.all(logins), 60).list();

    assertThat(replies).extracting(Http.Response::status).containsOnly(200);
    assertThat(db.count("SELECT count(*) FROM user_sessions WHERE user_id = $1", UUID.fromString(userId))).isEqualTo(CAP);
    assertThat(db.count("SELECT count(*) FROM token_revocations WHERE user_id = $1", UUID.fromString(userId))).isEqualTo(6);
    long live = replies.stream().map(reply -> reply.result().getString("jwt"))
      .filter(jwt -> app.http().get(USER_TYPES, jwt).status() == 200).count();
    assertThat(live).isEqualTo(CAP);
  }

  private static JsonObject credentials() {
    return new JsonObject().put("username", EMAIL).put("password", Accounts.PASSWORD);
  }

  private static double capped(TestApp instance) {
    Matcher matcher = CAPPED.matcher(instance.http().get("/metrics").text());
    return matcher.find() ? Double.parseDouble(matcher.group(2)) : 0;
  }

  private static boolean refused(Http http, String jwt) {
    Http.Response response = http.get(USER_TYPES, jwt);
    return response.status() == 401 && "Invalid token".equals(response.error().getString("message"));
  }

  private static void assertRevoked(Http.Response response) {
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(401);
    assertThat(response.error().getString("message")).isEqualTo("Invalid token");
    assertThat(response.error().getString("id")).isEqualTo("security.token.invalid");
  }
}
