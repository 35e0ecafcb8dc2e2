package io.lanyard.signin;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.Tokens;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** POST /_login/local: docs/decisions.md §2. */
class LoginIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";

  private String userId;

  @BeforeEach
  void account() {
    userId = Accounts.createActive(app, EMAIL);
  }

  @Test
  void successReturnsTheLoginResultWithTheDefaultHour() {
    long before = System.currentTimeMillis();

    Http.Response response = login("", credentials(EMAIL, Accounts.PASSWORD));

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    JsonObject result = response.result();
    assertThat(result.fieldNames()).containsExactlyInAnyOrder("_id", "jwt", "expiresAt", "ttl", "deviceToken");
    assertThat(result.getString("_id")).isEqualTo(userId);
    assertThat(result.getLong("ttl")).isEqualTo(3_600_000L);
    assertThat(result.getLong("expiresAt")).isBetween(before + 3_600_000L, System.currentTimeMillis() + 3_600_000L);
  }

  @Test
  void jwtCarriesTheDecidedClaimsSignedWithHs256() {
    Http.Response response = login("", credentials(EMAIL, Accounts.PASSWORD));

    String jwt = response.result().getString("jwt");
    JsonObject header = Tokens.header(jwt);
    JsonObject claims = Tokens.payload(jwt);
    assertThat(header.getString("alg")).isEqualTo("HS256");
    assertThat(claims.fieldNames()).containsExactlyInAnyOrder("_id", "sub", "iat", "exp", "jti", "iss");
    assertThat(claims.getString("_id")).isEqualTo(userId);
    assertThat(claims.getString("sub")).isEqualTo(userId);
    assertThat(claims.getString("iss")).isEqualTo("lanyard");
    assertThat(claims.getString("jti")).hasSizeGreaterThanOrEqualTo(16);
    assertThat(claims.getLong("exp") * 1000).isCloseTo(response.result().getLong("expiresAt"), within(1000L));
    assertThat(claims.getLong("iat")).isCloseTo(System.currentTimeMillis() / 1000, within(5L));
  }

  @Test
  void eachLoginGetsItsOwnTokenId() {
    String first = login("", credentials(EMAIL, Accounts.PASSWORD)).result().getString("jwt");
    String second = login("", credentials(EMAIL, Accounts.PASSWORD)).result().getString("jwt");

    assertThat(Tokens.payload(first).getString("jti")).isNotEqualTo(Tokens.payload(second).getString("jti"));
  }

  @Test
  void expiresInAcceptsDurationStringsAndMilliseconds() {
    Map<String, Long> cases = new HashMap<>();
    cases.put("12h", 43_200_000L);
    cases.put("3600000", 3_600_000L);
    cases.put("1.5h", 5_400_000L);
    cases.put("0.25d", 21_600_000L);
    cases.put("90s", 90_000L);
    cases.put("2%20hours", 7_200_000L);
    cases.put("720m", 43_200_000L);

    cases.forEach((expiresIn, ttl) -> {
      Http.Response response = login("?expiresIn=" + expiresIn, credentials(EMAIL, Accounts.PASSWORD));

      assertThat(response.status()).withFailMessage(expiresIn + " " + response.pretty()).isEqualTo(200);
      assertThat(response.result().getLong("ttl")).withFailMessage(expiresIn).isEqualTo(ttl);
    });
  }

  @Test
  void expiresInMayComeInTheBodyAsANumberOrAString() {
    Http.Response number = login("", credentials(EMAIL, Accounts.PASSWORD).put("expiresIn", 60_000));
    Http.Response text = login("", credentials(EMAIL, Accounts.PASSWORD).put("expiresIn", "2h"));

    assertThat(number.result().getLong("ttl")).isEqualTo(60_000L);
    assertThat(text.result().getLong("ttl")).isEqualTo(7_200_000L);
  }

  @Test
  void badExpiresInIs400InvalidArgument() {
    for (String expiresIn : new String[] {"0", "abc", "-5", "-2h", "12x", "1h30"}) {
      Http.Response response = login("?expiresIn=" + expiresIn, credentials(EMAIL, Accounts.PASSWORD));

      assertThat(response.status()).withFailMessage(expiresIn + " " + response.pretty()).isEqualTo(400);
      assertThat(response.error().getString("message")).isEqualTo("Invalid argument \"expiresIn\"");
      assertThat(response.error().getString("stack")).isEqualTo("BadRequestError: Invalid argument \"expiresIn\"");
    }
    Http.Response object = login("", credentials(EMAIL, Accounts.PASSWORD).put("expiresIn", new JsonObject()));
    assertThat(object.status()).isEqualTo(400);
  }

  @Test
  void expiresInOverTheMaximumOrNeverIs400() {
    // jwt.maxTtl is 12h by default (docs/decisions.md §7: re-authentication within 12 hours)
    for (String expiresIn : new String[] {"13h", "30d", "-1", "1y", "43200001"}) {
      Http.Response response = login("?expiresIn=" + expiresIn, credentials(EMAIL, Accounts.PASSWORD));

      assertThat(response.status()).withFailMessage(expiresIn).isEqualTo(400);
      assertThat(response.error().getString("message")).isEqualTo("expiresIn value exceeds maximum allowed value");
    }
  }

  @Test
  void badExpiresInCostsNoHashing() {
    long before = app.lanyard().hasher().verifications();

    login("?expiresIn=abc", credentials(EMAIL, Accounts.PASSWORD));

    assertThat(app.lanyard().hasher().verifications()).isEqualTo(before);
  }

  @Test
  void neverExpiringTokenWhenNoMaximumIsConfigured() {
    try (TestApp unlimited = TestApp.start(Map.of("LANYARD_JWT_MAX_TTL", "-1"))) {
      Http.Response response = unlimited.http().post("/_login/local?expiresIn=-1", credentials(EMAIL, Accounts.PASSWORD));

      assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
      assertThat(response.result().getLong("ttl")).isEqualTo(-1L);
      assertThat(response.result().getLong("expiresAt")).isEqualTo(-1L);
      assertThat(Tokens.payload(response.result().getString("jwt")).containsKey("exp")).isFalse();
      assertThat(unlimited.http().get("/_plugin/Vendor/user/getAllUserTypes", response.result().getString("jwt")).status())
        .isEqualTo(200);
    }
  }

  @Test
  void emailIsMatchedAfterNormalisation() {
    Http.Response response = login("", credentials("  ANN@Example.COM \t", Accounts.PASSWORD));

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    assertThat(response.result().getString("_id")).isEqualTo(userId);
  }

  @Test
  void unicodeEmailIsMatchedInNfc() {
    String composed = "zo\u00e9@example.com";
    String decomposed = "ZOE\u0301@EXAMPLE.COM";
    Accounts.createActive(app, composed);

    assertThat(login("", credentials(decomposed, Accounts.PASSWORD)).status()).isEqualTo(200);
  }

  @Test
  void wrongPasswordUnknownEmailAndInactiveAccountsFailAlike() {
    db.query("INSERT INTO users (email, status) VALUES ('pending@example.com', 'pending')");
    Accounts.createActive(app, "disabled@example.com");
    db.query("UPDATE users SET status = 'disabled' WHERE email = 'disabled@example.com'");

    for (JsonObject attempt : new JsonObject[] {
      credentials(EMAIL, "wrong password!"),
      credentials("nobody@example.com", Accounts.PASSWORD),
      credentials("pending@example.com", Accounts.PASSWORD),
      credentials("disabled@example.com", Accounts.PASSWORD)}) {
      Http.Response response = login("", attempt);

      assertThat(response.status()).withFailMessage(attempt.encode()).isEqualTo(401);
      assertThat(response.body().getInteger("status")).isEqualTo(401);
      assertThat(response.error().getString("message")).isEqualTo("wrong username or password");
      assertThat(response.error().getInteger("status")).isEqualTo(401);
      assertThat(response.error().getString("id")).isEqualTo("security.credentials.invalid");
      assertThat(response.body().getValue("result")).isNull();
    }
  }

  @Test
  void everyFailedLoginCostsExactlyOneBcryptVerification() {
    for (JsonObject attempt : new JsonObject[] {
      credentials(EMAIL, "wrong password!"),
      credentials("nobody@example.com", Accounts.PASSWORD),
      credentials(EMAIL, "p".repeat(100))}) {
      long before = app.lanyard().hasher().verifications();

      login("", attempt);

      assertThat(app.lanyard().hasher().verifications() - before).withFailMessage(attempt.encode()).isEqualTo(1);
    }
  }

  @Test
  void missingCredentialsIs401() {
    for (JsonObject body : new JsonObject[] {
      new JsonObject(),
      new JsonObject().put("username", EMAIL),
      new JsonObject().put("password", Accounts.PASSWORD),
      new JsonObject().put("username", "").put("password", Accounts.PASSWORD),
      new JsonObject().put("username", 42).put("password", Accounts.PASSWORD),
      new JsonObject().put("username", EMAIL).put("password", "")}) {
      Http.Response response = login("", body);

      assertThat(response.status()).withFailMessage(body.encode()).isEqualTo(401);
      assertThat(response.error().getString("message")).isEqualTo("Missing credentials");
    }
  }

  @Test
  void unknownStrategyIs400() {
    Http.Response response = http.post("/_login/oauth", credentials(EMAIL, Accounts.PASSWORD));

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.error().getString("message")).isEqualTo("Unknown authentication strategy \"oauth\"");
    assertThat(response.body().getString("controller")).isEqualTo("auth");
    assertThat(response.body().getString("action")).isEqualTo("login");
  }

  @Test
  void lowerCostHashIsUpgradedAtTheNextSuccessfulLogin() {
    assertThat(storedHash()).startsWith("$2a$04$");

    try (TestApp stronger = TestApp.start(Map.of("LANYARD_BCRYPT_COST", "5"))) {
      Http.Response wrong = stronger.http().post("/_login/local", credentials(EMAIL, "not the password"));
      assertThat(wrong.status()).isEqualTo(401);
      assertThat(storedHash()).startsWith("$2a$04$");

      Http.Response right = stronger.http().post("/_login/local", credentials(EMAIL, Accounts.PASSWORD));

      assertThat(right.status()).isEqualTo(200);
      assertThat(storedHash()).startsWith("$2a$05$");
      assertThat(stronger.http().post("/_login/local", credentials(EMAIL, Accounts.PASSWORD)).status()).isEqualTo(200);
    }
  }

  @Test
  void generatedSecretIsSharedByInstancesAndSurvivesARestart() {
    Map<String, String> noSecret = new HashMap<>();
    noSecret.put("LANYARD_JWT_SECRET", null);
    String jwt;
    try (TestApp first = TestApp.start(noSecret); TestApp second = TestApp.start(noSecret)) {
      jwt = first.http().post("/_login/local", credentials(EMAIL, Accounts.PASSWORD)).result().getString("jwt");

      assertThat(second.http().get("/_plugin/Vendor/user/getAllUserTypes", jwt).status()).isEqualTo(200);
    }
    assertThat(db.count("SELECT count(*) FROM settings WHERE name = 'jwt.secret'")).isEqualTo(1);
    assertThat(db.single("SELECT length(value) FROM settings WHERE name = 'jwt.secret'").getInteger(0)).isGreaterThanOrEqualTo(64);

    try (TestApp restarted = TestApp.start(noSecret)) {
      assertThat(restarted.http().get("/_plugin/Vendor/user/getAllUserTypes", jwt).status()).isEqualTo(200);
    }
    assertThat(http.get("/_plugin/Vendor/user/getAllUserTypes", jwt).status())
      .as("an instance with another configured secret refuses the token").isEqualTo(401);
  }

  private String storedHash() {
    return db.single("SELECT password_hash FROM users WHERE id = $1", java.util.UUID.fromString(userId)).getString(0);
  }

  private Http.Response login(String query, JsonObject body) {
    return http.post("/_login/local" + query, body);
  }

  private static JsonObject credentials(String username, String password) {
    return new JsonObject().put("username", username).put("password", password);
  }
}
