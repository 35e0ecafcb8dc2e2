package io.lanyard.signin;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.Tokens;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The claims a well-signed token must hold besides its signature (docs/decisions.md §7): {@code nbf} and {@code iat} not in the future
 * beyond {@code jwt.leeway}, {@code exp − iat} within {@code jwt.maxTtl}, the configured audience, and every claim of its type.
 * Each refusal is a 401 {@code Json Web Token Error}, never a 500, and stays one on every later use (the verified-token cache
 * only ever holds tokens that passed every check).
 */
class TokenClaimsIT extends SharedServiceFixture {

  private static final String USER_TYPES = "/_plugin/Vendor/user/getAllUserTypes";
  private static final long HOUR = 3600;
  private static final long MAX_TTL = 12 * HOUR;

  private String userId;

  @BeforeEach
  void account() {
    userId = Accounts.createActive(app, "ann@example.com");
  }

  @Test
  void aWellFormedHandMadeTokenIsAcceptedSoTheRefusalsMeanSomething() {
    assertThat(http.get(USER_TYPES, sign(claims())).status()).isEqualTo(200);
  }

  @Test
  void claimsOfTheWrongTypeAre401NeverA500() {
    List<UnaryOperator<JsonObject>> malformed = List.of(
      c -> c.put("exp", "" + (now() + HOUR)),
      c -> c.put("exp", true),
      c -> c.put("exp", new JsonObject().put("seconds", now() + HOUR)),
      c -> c.put("exp", new JsonArray().add(now() + HOUR)),
      c -> c.put("exp", 1e300),
      c -> c.put("iat", new JsonObject()),
      c -> c.put("iat", "" + now()),
      c -> c.put("nbf", "yesterday"),
      c -> c.put("nbf", new JsonArray()),
      c -> c.put("aud", 42),
      c -> c.put("aud", new JsonArray().add("fair").add(7)),
      c -> c.put("aud", new JsonObject()),
      c -> c.put("sub", 5),
      c -> c.put("jti", 5),
      c -> c.put("_id", new JsonArray().add(userId)),
      c -> c.put("iss", new JsonArray().add("lanyard")));

    for (UnaryOperator<JsonObject> change : malformed) {
      String token = sign(change.apply(claims()));

      assertJsonWebTokenError(http.get(USER_TYPES, token));
      assertJsonWebTokenError(http.get(USER_TYPES, token));
      assertThat(http.post("/_checkToken", new JsonObject().put("token", token)).result())
        .isEqualTo(new JsonObject().put("valid", false).put("state", "Json Web Token Error"));
    }
  }

  @Test
  void anIssueTimeInTheFutureBeyondTheLeewayIsRefused() {
    // Well past the leeway (30 s), as nbf's test is: now() drops the milliseconds, so 31 s ahead of it was only 30.x s ahead
    // of the service's clock, within the leeway, whenever the request reached it in the next second
    String tooEarly = sign(claims().put("iat", now() + 40).put("exp", now() + HOUR));
    String withinLeeway = sign(claims().put("iat", now() + 25).put("exp", now() + HOUR));

    assertJsonWebTokenError(http.get(USER_TYPES, tooEarly));
    assertThat(http.get(USER_TYPES, withinLeeway).status()).isEqualTo(200);
  }

  @Test
  void aNotBeforeInTheFutureBeyondTheLeewayIsRefused() {
    String notYet = sign(claims().put("nbf", now() + 40));
    String withinLeeway = sign(claims().put("nbf", now() + 20));
    String past = sign(claims().put("nbf", now() - HOUR));

    assertJsonWebTokenError(http.get(USER_TYPES, notYet));
    assertJsonWebTokenError(http.get(USER_TYPES, notYet));
    assertThat(http.get(USER_TYPES, withinLeeway).status()).isEqualTo(200);
    assertThat(http.get(USER_TYPES, past).status()).isEqualTo(200);
  }

  @Test
  void aLifetimeLongerThanTheMaximumIsRefused() {
    long exp = now() + HOUR;
    String tooLong = sign(claims().put("exp", exp).put("iat", exp - MAX_TTL - 2));
    String thirtyDays = sign(claims().put("exp", exp).put("iat", exp - 30 * 24 * HOUR));
    String longest = sign(claims().put("exp", exp).put("iat", exp - MAX_TTL - 1));

    assertJsonWebTokenError(http.get(USER_TYPES, tooLong));
    assertJsonWebTokenError(http.get(USER_TYPES, thirtyDays));
    assertThat(http.get(USER_TYPES, longest).status()).as("a second of rounding").isEqualTo(200);
  }

  @Test
  void aTokenIssuedForTheLongestLifetimeIsAccepted() {
    Http.Response login = http.post("/_login/local?expiresIn=12h", new JsonObject().put("username", "ann@example.com")
      .put("password", Accounts.PASSWORD));

    assertThat(http.get(USER_TYPES, login.result().getString("jwt")).status()).isEqualTo(200);
  }

  @Test
  void aTokenWithoutIssueTimeIsRefusedWhileAMaximumLifetimeIsSet() {
    JsonObject claims = claims();
    claims.remove("iat");

    assertJsonWebTokenError(http.get(USER_TYPES, sign(claims)));
  }

  @Test
  void withoutAMaximumLifetimeATokenNeedsNeitherExpiryNorIssueTime() {
    try (TestApp unlimited = TestApp.start(Map.of("LANYARD_JWT_MAX_TTL", "-1"))) {
      JsonObject claims = claims();
      claims.remove("iat");
      claims.remove("exp");

      assertThat(unlimited.http().get(USER_TYPES, sign(claims)).status()).isEqualTo(200);
      assertJsonWebTokenError(unlimited.http().get(USER_TYPES, sign(claims.put("iat", now() + HOUR))));
    }
  }

  @Test
  void theConfiguredAudienceIsIssuedAndRequired() {
    try (TestApp audience = TestApp.start(Map.of("LANYARD_JWT_AUDIENCE", "fair-portal"))) {
      String issued = Accounts.login(audience, "ann@example.com");
      JsonObject withoutAudience = claims();

      assertThat(Tokens.payload(issued).getValue("aud")).isEqualTo("fair-portal");
      assertThat(audience.http().get(USER_TYPES, issued).status()).isEqualTo(200);
      assertThat(audience.http().get(USER_TYPES, sign(claims().put("aud", new JsonArray().add("other").add("fair-portal"))))
        .status()).as("aud may be an array (RFC 7519)").isEqualTo(200);
      assertJsonWebTokenError(audience.http().get(USER_TYPES, sign(withoutAudience)));
      assertJsonWebTokenError(audience.http().get(USER_TYPES, sign(claims().put("aud", "another-portal"))));
      assertJsonWebTokenError(audience.http().get(USER_TYPES, sign(claims().put("aud", new JsonArray().add("other")))));
      assertJsonWebTokenError(audience.http().get(USER_TYPES, sign(claims().put("aud", new JsonArray()))));
    }
  }

  @Test
  void withoutAConfiguredAudienceNoneIsIssuedAndAnyWellTypedOneIsAccepted() {
    String issued = Accounts.login(app, "ann@example.com");

    assertThat(Tokens.payload(issued).containsKey("aud")).isFalse();
    assertThat(http.get(USER_TYPES, sign(claims().put("aud", "anything"))).status()).isEqualTo(200);
  }

  private JsonObject claims() {
    return Tokens.claims(userId, now() + HOUR);
  }

  private static String sign(JsonObject claims) {
    return Tokens.sign("HS256", TestApp.JWT_SECRET, claims);
  }

  private static long now() {
    return System.currentTimeMillis() / 1000;
  }

  private static void assertJsonWebTokenError(Http.Response response) {
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(401);
    assertThat(response.error().getString("message")).isEqualTo("Json Web Token Error");
    assertThat(response.error().getString("id")).isEqualTo("security.token.invalid");
    assertThat(response.error().getString("stack")).isEqualTo("UnauthorizedError: Json Web Token Error");
    assertThat(response.body().getValue("result")).isNull();
  }
}
