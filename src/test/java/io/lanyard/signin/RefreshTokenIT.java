package io.lanyard.signin;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.Tokens;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** POST /_refreshToken[?expiresIn=]: a fresh login result; the old token lives one more second (docs/decisions.md §3). */
class RefreshTokenIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";
  private static final String USER_TYPES = "/_plugin/Vendor/user/getAllUserTypes";

  private String userId;

  @BeforeEach
  void account() {
    userId = Accounts.createActive(app, EMAIL);
  }

  @Test
  void returnsAFreshLoginResultWithTheDefaultHour() {
    String old = Accounts.login(app, EMAIL);
    long before = System.currentTimeMillis();

    Http.Response response = http.post("/_refreshToken", new JsonObject(), old);

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    assertThat(response.body().getString("controller")).isEqualTo("auth");
    assertThat(response.body().getString("action")).isEqualTo("refreshToken");
    JsonObject result = response.result();
    assertThat(result.fieldNames()).containsExactlyInAnyOrder("_id", "jwt", "expiresAt", "ttl");
    assertThat(result.getString("_id")).isEqualTo(userId);
    assertThat(result.getLong("ttl")).isEqualTo(3_600_000L);
    assertThat(result.getLong("expiresAt")).isBetween(before + 3_600_000L, System.currentTimeMillis() + 3_600_000L);
    assertThat(result.getString("jwt")).isNotEqualTo(old);
    assertThat(Tokens.payload(result.getString("jwt")).getString("jti")).isNotEqualTo(Tokens.payload(old).getString("jti"));
    assertThat(http.get(USER_TYPES, result.getString("jwt")).status()).isEqualTo(200);
  }

  @Test
  void expiresInFollowsTheLoginRules() {
    String jwt = Accounts.login(app, EMAIL);

    // each refresh with the token the one before handed out: a token mints one successor (RefreshLimitsIT)
    JsonObject twoHours = http.post("/_refreshToken?expiresIn=2h", new JsonObject(), jwt).result();
    assertThat(twoHours.getLong("ttl")).isEqualTo(7_200_000L);
    JsonObject oneMinute = http.post("/_refreshToken", new JsonObject().put("expiresIn", 60_000), twoHours.getString("jwt"))
      .result();
    assertThat(oneMinute.getLong("ttl")).isEqualTo(60_000L);
    assertThat(http.post("/_refreshToken?expiresIn=13h", new JsonObject(), oneMinute.getString("jwt")).error()
      .getString("message")).isEqualTo("expiresIn value exceeds maximum allowed value");
  }

  @Test
  void badExpiresInIs400AndRevokesNothing() {
    String jwt = Accounts.login(app, EMAIL);

    Http.Response response = http.post("/_refreshToken?expiresIn=abc", new JsonObject(), jwt);

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.error().getString("message")).isEqualTo("Invalid argument \"expiresIn\"");
    assertThat(db.count("SELECT count(*) FROM token_revocations")).isZero();
  }

  @Test
  void theOldTokenWorksForOneSecondThenIsRefused() {
    String old = Accounts.login(app, EMAIL);
    long refreshed = System.currentTimeMillis();

    String fresh = http.post("/_refreshToken", new JsonObject(), old).result().getString("jwt");

    assertThat(http.get(USER_TYPES, old).status()).as("within the grace period").isEqualTo(200);
    Eventually.within(Duration.ofSeconds(3), "old token refused", () -> http.get(USER_TYPES, old).status() == 401);
    assertThat(System.currentTimeMillis() - refreshed).isGreaterThanOrEqualTo(RefreshToken.GRACE_MILLIS);
    LogoutIT.assertRevoked(http.get(USER_TYPES, old));
    assertThat(http.get(USER_TYPES, fresh).status()).isEqualTo(200);
  }

  @Test
  void theOldTokenIdIsWrittenWithItsGraceAndExpiry() {
    JsonObject login = Accounts.loginResult(app, EMAIL, Accounts.PASSWORD);
    long before = System.currentTimeMillis();

    http.post("/_refreshToken", new JsonObject(), login.getString("jwt"));

    var row = db.single("SELECT token_id, user_id, refused_from, expires_at FROM token_revocations");
    assertThat(row.getString("token_id")).isEqualTo(Tokens.payload(login.getString("jwt")).getString("jti"));
    assertThat(row.getUUID("user_id")).isEqualTo(UUID.fromString(userId));
    assertThat(row.getOffsetDateTime("refused_from").toInstant().toEpochMilli())
      .isBetween(before + 1000, System.currentTimeMillis() + 1000);
    assertThat(row.getOffsetDateTime("expires_at").toInstant().toEpochMilli()).isCloseTo(login.getLong("expiresAt"), within(1000L));
  }

  @Test
  void anAccountNoLongerActiveGetsNoNewToken() {
    String jwt = Accounts.login(app, EMAIL);
    db.query("UPDATE users SET status = 'disabled' WHERE id = $1", UUID.fromString(userId));

    Http.Response response = http.post("/_refreshToken", new JsonObject(), jwt);

    LogoutIT.assertRevoked(response);
    assertThat(db.count("SELECT count(*) FROM token_revocations")).isZero();
  }

  @Test
  void anonymousIs401() {
    Http.Response response = http.post("/_refreshToken", new JsonObject());

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.error().getString("message")).isEqualTo("Unauthorized action [auth/refreshToken] for anonymous user");
  }
}
