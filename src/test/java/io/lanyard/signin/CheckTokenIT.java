package io.lanyard.signin;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.Tokens;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** POST /_checkToken {token}: always 200, a verdict in the result (docs/decisions.md §3). */
class CheckTokenIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";

  private String userId;

  @BeforeEach
  void account() {
    userId = Accounts.createActive(app, EMAIL);
  }

  @Test
  void validTokenGivesValidExpiresAtAndKuid() {
    JsonObject login = Accounts.loginResult(app, EMAIL, Accounts.PASSWORD);

    Http.Response response = check(login.getString("jwt"));

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    assertThat(response.body().getString("controller")).isEqualTo("auth");
    assertThat(response.body().getString("action")).isEqualTo("checkToken");
    assertThat(response.body().getValue("error")).isNull();
    JsonObject result = response.result();
    assertThat(List.copyOf(result.fieldNames())).containsExactly("valid", "expiresAt", "kuid");
    assertThat(result.getBoolean("valid")).isTrue();
    assertThat(result.getString("kuid")).isEqualTo(userId);
    // The token holds its expiry in whole seconds (exp): checkToken says when it will actually be refused.
    assertThat(result.getLong("expiresAt")).isBetween(login.getLong("expiresAt"), login.getLong("expiresAt") + 999);
    assertThat(result.getLong("expiresAt") % 1000).isZero();
  }

  @Test
  void badSignatureGarbageAndNoneAreJsonWebTokenErrors() {
    String forged = Tokens.sign("HS256", "another-secret-another-secret-0123456789", Tokens.claims(userId, future()));
    for (String token : List.of(forged, "not.a.jwt", "garbage", Tokens.unsigned(Tokens.claims(userId, future())))) {
      assertInvalid(check(token), "Json Web Token Error");
    }
  }

  @Test
  void expiredTokenIsTokenExpired() {
    String expired = Tokens.sign("HS256", TestApp.JWT_SECRET, Tokens.claims(userId, System.currentTimeMillis() / 1000 - 10));

    assertInvalid(check(expired), "Token expired");
  }

  @Test
  void loggedOutTokenIsInvalidToken() {
    String jwt = Accounts.login(app, EMAIL);
    assertThat(http.post("/_logout", new JsonObject(), jwt).status()).isEqualTo(200);

    assertInvalid(check(jwt), "Invalid token");
  }

  @Test
  void missingEmptyOrNonStringTokenIsNotValid() {
    for (JsonObject body : List.of(new JsonObject(), new JsonObject().put("token", ""), new JsonObject().put("token", 42),
      new JsonObject().putNull("token"))) {
      assertInvalid(http.post("/_checkToken", body), "Json Web Token Error");
    }
  }

  @Test
  void aValidBearerTokenAlongsideIsAccepted() {
    String jwt = Accounts.login(app, EMAIL);

    Http.Response response = http.post("/_checkToken", new JsonObject().put("token", jwt), jwt);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.result().getBoolean("valid")).isTrue();
  }

  private Http.Response check(String token) {
    return http.post("/_checkToken", new JsonObject().put("token", token));
  }

  private static void assertInvalid(Http.Response response, String state) {
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    assertThat(response.body().getValue("error")).isNull();
    assertThat(response.result()).withFailMessage(response.pretty())
      .isEqualTo(new JsonObject().put("valid", false).put("state", state));
  }

  private static long future() {
    return System.currentTimeMillis() / 1000 + 3600;
  }
}
