package io.lanyard.signin;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** GET /_me: the caller as Kuzzle's auth:getCurrentUser shows it (docs/decisions.md §3). */
class CurrentUserIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";

  private String userId;

  @BeforeEach
  void account() {
    userId = Accounts.createActive(app, EMAIL);
  }

  @Test
  void returnsIdAndSourceWithAnEmptyProfile() {
    Http.Response response = http.get("/_me", Accounts.login(app, EMAIL));

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    assertThat(response.body().getString("controller")).isEqualTo("auth");
    assertThat(response.body().getString("action")).isEqualTo("getCurrentUser");
    assertThat(response.result()).isEqualTo(new JsonObject()
      .put("_id", userId)
      .put("_source", new JsonObject()
        .put("email", EMAIL)
        .put("status", "active")
        .put("language", "eng-GB")
        .put("profileData", new JsonObject())));
  }

  @Test
  void kuzzle1UrlAnswersTheSame() {
    String jwt = Accounts.login(app, EMAIL);

    assertThat(http.get("/users/_me", jwt).result()).isEqualTo(http.get("/_me", jwt).result());
  }

  @Test
  void showsTheStoredProfileAsItIs() {
    JsonObject profile = new JsonObject().put("firstname", "Ann").put("country", "FRA").put("mobilephone:indicatif", "+33");
    db.query("UPDATE users SET profile = $2 WHERE id = $1", UUID.fromString(userId), profile);

    Http.Response response = http.get("/_me", Accounts.login(app, EMAIL));

    assertThat(response.result().getJsonObject("_source").getJsonObject("profileData")).isEqualTo(profile);
  }

  @Test
  void neverShowsThePasswordHash() {
    Http.Response response = http.get("/_me", Accounts.login(app, EMAIL));

    assertThat(response.text()).doesNotContain("$2a$").doesNotContain("password");
  }

  @Test
  void anonymousIs401() {
    Http.Response response = http.get("/_me");

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.error().getString("message")).isEqualTo("Unauthorized action [auth/getCurrentUser] for anonymous user");
    assertThat(response.body().getValue("result")).isNull();
  }

  @Test
  void aTokenOfAnAccountThatIsGoneIsInvalidToken() {
    String jwt = Accounts.login(app, EMAIL);
    db.query("DELETE FROM users WHERE id = $1", UUID.fromString(userId));

    Http.Response response = http.get("/_me", jwt);

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.error().getString("message")).isEqualTo("Invalid token");
    assertThat(response.error().getString("id")).isEqualTo("security.token.invalid");
  }
}
