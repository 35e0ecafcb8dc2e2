package io.lanyard.signin;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.Tokens;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The bearer-token rules of docs/decisions.md §1, on a protected route and on a public one. */
class BearerTokenIT extends SharedServiceFixture {

  private static final String USER_TYPES = "/_plugin/Vendor/user/getAllUserTypes";

  private String userId;

  @BeforeEach
  void account() {
    userId = Accounts.createActive(app, "ann@example.com");
  }

  @Test
  void validTokenOpensAProtectedRoute() {
    Http.Response response = http.get(USER_TYPES, Accounts.login(app, "ann@example.com"));

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
  }

  @Test
  void missingTokenOnAProtectedRouteIsAnonymous401() {
    Http.Response response = http.get(USER_TYPES);

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.body().getString("controller")).isEqualTo("Vendor/userController");
    assertThat(response.body().getString("action")).isEqualTo("getAllUserTypes");
    assertThat(response.error().getString("message"))
      .isEqualTo("Unauthorized action [Vendor/userController/getAllUserTypes] for anonymous user");
    assertThat(response.error().getString("id")).isEqualTo("security.rights.unauthorized");
    assertThat(response.body().getValue("result")).isNull();
  }

  @Test
  void tokenWithABadSignatureIsAJsonWebTokenError() {
    String forged = Tokens.sign("HS256", "another-secret-that-is-long-enough-0000", Tokens.claims(userId, future()));

    assertJsonWebTokenError(http.get(USER_TYPES, forged));
  }

  @Test
  void garbageTokensAreJsonWebTokenErrors() {
    for (String garbage : new String[] {"abc", "a.b.c", "eyJhbGciOiJIUzI1NiJ9..", "x".repeat(5000), "two words", ""}) {
      assertJsonWebTokenError(http.get(USER_TYPES, garbage));
    }
  }

  @Test
  void unsignedTokenIsRefused() {
    assertJsonWebTokenError(http.get(USER_TYPES, Tokens.unsigned(Tokens.claims(userId, future()))));
  }

  @Test
  void tokenOfAnotherAlgorithmIsRefusedEvenWithTheRightSecret() {
    assertJsonWebTokenError(http.get(USER_TYPES, Tokens.sign("HS512", TestApp.JWT_SECRET, Tokens.claims(userId, future()))));
    assertJsonWebTokenError(http.get(USER_TYPES, Tokens.sign("HS384", TestApp.JWT_SECRET, Tokens.claims(userId, future()))));
  }

  @Test
  void tokenOfAnotherIssuerIsRefused() {
    JsonObject claims = Tokens.claims(userId, future()).put("iss", "someone-else");

    assertJsonWebTokenError(http.get(USER_TYPES, Tokens.sign("HS256", TestApp.JWT_SECRET, claims)));
  }

  @Test
  void wellSignedTokenIsAcceptedSoTheForgeryTestsMeanSomething() {
    String token = Tokens.sign("HS256", TestApp.JWT_SECRET, Tokens.claims(userId, future()));

    assertThat(http.get(USER_TYPES, token).status()).isEqualTo(200);
  }

  @Test
  void expiredTokenIsTokenExpired() {
    String expired = Tokens.sign("HS256", TestApp.JWT_SECRET, Tokens.claims(userId, System.currentTimeMillis() / 1000 - 1));

    Http.Response response = http.get(USER_TYPES, expired);

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.error().getString("message")).isEqualTo("Token expired");
    assertThat(response.error().getString("id")).isEqualTo("security.token.expired");
    assertThat(response.error().getString("stack")).isEqualTo("UnauthorizedError: Token expired");
  }

  @Test
  void tokenIssuedWithAShortLifetimeExpires() throws InterruptedException {
    Http.Response login = http.post("/_login/local?expiresIn=1ms", new JsonObject().put("username", "ann@example.com")
      .put("password", Accounts.PASSWORD));
    Thread.sleep(1100);

    Http.Response response = http.get(USER_TYPES, login.result().getString("jwt"));

    assertThat(response.error().getString("message")).isEqualTo("Token expired");
  }

  @Test
  void tokenAlreadySeenStillExpiresOnTime() throws InterruptedException {
    Http.Response login = http.post("/_login/local?expiresIn=1500ms", new JsonObject().put("username", "ann@example.com")
      .put("password", Accounts.PASSWORD));
    String jwt = login.result().getString("jwt");
    long expiresAt = Tokens.payload(jwt).getLong("exp") * 1000;

    Http.Response whileValid = http.get(USER_TYPES, jwt);
    Thread.sleep(Math.max(0, expiresAt - System.currentTimeMillis()) + 200);
    Http.Response afterExpiry = http.get(USER_TYPES, jwt);

    assertThat(whileValid.status()).as("verified once, then remembered").isEqualTo(200);
    assertThat(afterExpiry.status()).isEqualTo(401);
    assertThat(afterExpiry.error().getString("message")).isEqualTo("Token expired");
  }

  @Test
  void invalidTokenFailsPublicRoutesToo() {
    Http.Response response = http.post("/_login/local", new JsonObject().put("username", "ann@example.com")
      .put("password", Accounts.PASSWORD), "not-a-token");

    assertJsonWebTokenError(response);
    assertThat(response.body().getString("controller")).isEqualTo("auth");
  }

  @Test
  void validTokenIsAcceptedOnPublicRoutes() {
    String jwt = Accounts.login(app, "ann@example.com");

    Http.Response response = http.post("/_login/local", new JsonObject().put("username", "ann@example.com")
      .put("password", Accounts.PASSWORD), jwt);

    assertThat(response.status()).isEqualTo(200);
  }

  @Test
  void bearerSchemeIsCaseInsensitive() {
    String jwt = Accounts.login(app, "ann@example.com");
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Authorization", "bEaReR " + jwt);

    assertThat(http.send(HttpMethod.GET, USER_TYPES, null, headers).status()).isEqualTo(200);
  }

  private static long future() {
    return System.currentTimeMillis() / 1000 + 3600;
  }

  private static void assertJsonWebTokenError(Http.Response response) {
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(401);
    assertThat(response.body().getInteger("status")).isEqualTo(401);
    assertThat(response.error().getString("message")).isEqualTo("Json Web Token Error");
    assertThat(response.error().getString("id")).isEqualTo("security.token.invalid");
    assertThat(response.error().getString("stack")).isEqualTo("UnauthorizedError: Json Web Token Error");
    assertThat(response.body().getValue("result")).isNull();
  }
}
