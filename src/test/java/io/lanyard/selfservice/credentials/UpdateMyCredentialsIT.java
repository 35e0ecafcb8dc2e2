package io.lanyard.selfservice.credentials;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** PUT /credentials/local/_me/_update: Kuzzle's auth:updateMyCredentials, with the current password required. */
class UpdateMyCredentialsIT extends SharedServiceFixture {

  private static final String PATH = "/credentials/local/_me/_update";
  private static final String EMAIL = "ann@example.com";
  private static final String NEW_PASSWORD = "a brand new password";

  private String userId;

  @BeforeEach
  void account() {
    Fixtures.App fair = Fixtures.lifecycleApp(app, "fair");
    http.post("/_plugin/Vendor/user/createWithPassword", creation(EMAIL, fair.token(), Accounts.PASSWORD, false));
    userId = db.single("SELECT id::text FROM users").getString(0);
  }

  @Test
  void changesThePasswordKeepsTheCallersTokenAndEndsTheOthers() {
    String caller = Accounts.login(app, EMAIL);
    String other = Accounts.login(app, EMAIL);

    Http.Response response = update(caller, new JsonObject().put("password", NEW_PASSWORD)
      .put("currentPassword", Accounts.PASSWORD));

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    assertThat(response.body().getString("controller")).isEqualTo("auth");
    assertThat(response.body().getString("action")).isEqualTo("updateMyCredentials");
    assertThat(response.result()).isEqualTo(new JsonObject().put("username", EMAIL).put("kuid", userId));
    assertThat(http.get("/_me", caller).status()).isEqualTo(200);
    assertThat(http.get("/_me", other).status()).isEqualTo(401);
    assertThat(Accounts.loginStatus(app, EMAIL, Accounts.PASSWORD)).isEqualTo(401);
    assertThat(Accounts.loginStatus(app, EMAIL, NEW_PASSWORD)).isEqualTo(200);
    assertThat(Mails.subjectOf(Mails.awaitTo(smtp, EMAIL, "password was changed"))).startsWith("Your password was changed");
  }

  @Test
  void aWrongOrMissingCurrentPasswordIs401AndChangesNothing() {
    String jwt = Accounts.login(app, EMAIL);

    Http.Response wrong = update(jwt, new JsonObject().put("password", NEW_PASSWORD).put("currentPassword", "not it at all"));
    Http.Response missing = update(jwt, new JsonObject().put("password", NEW_PASSWORD));

    for (Http.Response response : new Http.Response[] {wrong, missing}) {
      assertThat(response.status()).isEqualTo(401);
      assertThat(response.error().getString("message")).isEqualTo("wrong username or password");
      assertThat(response.error().getString("id")).isEqualTo("security.credentials.invalid");
    }
    assertThat(Accounts.loginStatus(app, EMAIL, Accounts.PASSWORD)).isEqualTo(200);
    assertThat(http.get("/_me", jwt).status()).isEqualTo(200);
    smtp.assertNoMoreThan(0, Duration.ofMillis(300));
  }

  @Test
  void aBadNewPasswordIs400() {
    String jwt = Accounts.login(app, EMAIL);

    Http.Response tooShort = update(jwt, new JsonObject().put("password", "short").put("currentPassword", Accounts.PASSWORD));
    Http.Response none = update(jwt, new JsonObject().put("currentPassword", Accounts.PASSWORD));

    assertThat(tooShort.status()).isEqualTo(400);
    assertThat(tooShort.error().getString("id")).isEqualTo("api.assert.invalid_argument");
    assertThat(none.status()).isEqualTo(400);
    assertThat(none.error().getString("id")).isEqualTo("api.assert.missing_argument");
    assertThat(Accounts.loginStatus(app, EMAIL, Accounts.PASSWORD)).isEqualTo(200);
  }

  @Test
  void anotherStrategyIs400AndNoTokenIs401() {
    String jwt = Accounts.login(app, EMAIL);
    JsonObject body = new JsonObject().put("password", NEW_PASSWORD).put("currentPassword", Accounts.PASSWORD);

    Http.Response otherStrategy = http.send(HttpMethod.PUT, "/credentials/ldap/_me/_update", body.toBuffer(), Http.bearer(jwt));
    Http.Response anonymous = http.send(HttpMethod.PUT, PATH, body.toBuffer(), io.vertx.core.MultiMap.caseInsensitiveMultiMap());

    assertThat(otherStrategy.status()).isEqualTo(400);
    assertThat(otherStrategy.error().getString("message")).isEqualTo("Unknown authentication strategy \"ldap\"");
    assertThat(anonymous.status()).isEqualTo(401);
    assertThat(anonymous.error().getString("id")).isEqualTo("security.rights.unauthorized");
  }

  @Test
  void theRouteIsInThePublicApi() {
    JsonObject action = http.get("/_publicApi").result().getJsonObject("auth").getJsonObject("updateMyCredentials");

    assertThat(action.getJsonArray("http").getJsonObject(0))
      .isEqualTo(new JsonObject().put("verb", "PUT").put("url", "/credentials/:strategy/_me/_update"));
  }

  private Http.Response update(String jwt, JsonObject body) {
    return http.send(HttpMethod.PUT, PATH, Buffer.buffer(body.encode()), Http.bearer(jwt));
  }
}
