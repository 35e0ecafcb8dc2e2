package io.lanyard.partners;

import io.lanyard.model.applications.UserScope;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** POST /_plugin/Vendor/thirdParty/getUser: the profile a third party may read, and the account state. */
class GetUserIT extends SharedServiceFixture {

  private static final String PATH = "/_plugin/Vendor/thirdParty/getUser";
  private static final String ANN = "ann@example.com";

  private Fixtures.App portal;
  private String jwt;

  @BeforeEach
  void accountAndApplication() {
    portal = Fixtures.application(app, "portal", false, UserScope.ANY, Optional.empty());
    Accounts.createActive(app, ANN);
    jwt = Accounts.login(app, ANN);
  }

  @Test
  void returnsTheStoredProfileWithReadOnlyFieldsAndTheState() {
    db.query("UPDATE users SET language = 'fre-FR', profile = $1::jsonb", new JsonObject().put("firstname", "Ann")
      .put("civility", "1").put("country", "FRA").put("mobilephone:indicatif", "+33").put("mobilephone:content", "612345678"));

    Http.Response response = read(ANN);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.body().getString("controller")).isEqualTo("Vendor/thirdPartyController");
    assertThat(response.body().getString("action")).isEqualTo("getUserForThirdParty");
    assertThat(response.result().getInteger("statusCode")).isZero();
    assertThat(response.result().getString("message")).isEqualTo("generic_success");
    assertThat(response.result().getJsonObject("data")).isEqualTo(new JsonObject()
      .put("profileData", new JsonObject().put("firstname", "Ann").put("civility", "1").put("country", "FRA")
        .put("mobilephone:indicatif", "+33").put("mobilephone:content", "612345678").put("language", "fre-FR"))
      .put("status", "active"));
  }

  @Test
  void readsBackWhatAnUpdateWrote() {
    http.post("/_plugin/Vendor/thirdParty/updateUser", new JsonObject().put("email", ANN).put("appToken", portal.token())
      .put("data", new JsonObject().put("lastname", "Lee").put("city", "Lyon")), jwt);

    JsonObject profileData = read(" Ann@Example.com ").result().getJsonObject("data").getJsonObject("profileData");

    assertThat(profileData).isEqualTo(new JsonObject().put("lastname", "Lee").put("city", "Lyon").put("language", "eng-GB"));
  }

  @Test
  void statusShowsPendingAndDisabledAccounts() {
    db.query("INSERT INTO users (email, status) VALUES ('pending@example.com', 'pending')");
    Accounts.createActive(app, "gone@example.com");
    db.query("UPDATE users SET status = 'disabled' WHERE email = 'gone@example.com'");

    assertThat(read("pending@example.com").result().getJsonObject("data"))
      .isEqualTo(new JsonObject().put("profileData", new JsonObject()).put("status", "pending"));
    assertThat(read("gone@example.com").result().getJsonObject("data").getString("status")).isEqualTo("disabled");
  }

  @Test
  void refusalsFollowTheUpdateRules() {
    Fixtures.App self = Fixtures.application(app, "self", false, UserScope.SELF, Optional.empty());
    Accounts.createActive(app, "bob@example.com");

    assertThat(http.post(PATH, new JsonObject().put("email", ANN), jwt).statusCode()).isEqualTo(137);
    assertThat(http.post(PATH, new JsonObject().put("email", "nope").put("appToken", portal.token()), jwt).statusCode())
      .isEqualTo(190);
    assertThat(http.post(PATH, new JsonObject().put("email", ANN).put("appToken", "unknown"), jwt).statusCode()).isEqualTo(149);
    // the token first: a bad address behind an unknown token is the token's refusal
    assertThat(http.post(PATH, new JsonObject().put("email", "nope").put("appToken", "unknown"), jwt).statusCode())
      .isEqualTo(149);
    assertThat(read("ghost@example.com").statusCode()).isEqualTo(139);
    assertThat(http.post(PATH, new JsonObject().put("email", "bob@example.com").put("appToken", self.token()), jwt).statusCode())
      .isEqualTo(181);
    assertThat(http.post(PATH, new JsonObject().put("email", ANN).put("appToken", self.token()), jwt).statusCode()).isZero();
    assertThat(http.post(PATH, new JsonObject().put("email", ANN).put("appToken", portal.token())).status()).isEqualTo(401);
    db.query("UPDATE applications SET enabled = false WHERE name = 'portal'");
    app.reloadCaches();
    assertThat(read(ANN).statusCode()).isEqualTo(140);
  }

  @Test
  void userLookupFailureIs172WithNothingLeaked() {
    db.query("ALTER TABLE users RENAME TO users_away");
    Http.Response response;
    try {
      response = read(ANN);
    } finally {
      db.query("ALTER TABLE users_away RENAME TO users");
    }

    assertThat(response.result()).isEqualTo(new JsonObject().put("statusCode", 172).put("message", "generic_error"));
    assertThat(response.text()).doesNotContain("users_away", "relation", "Exception");
  }

  private Http.Response read(String email) {
    return http.post(PATH, new JsonObject().put("email", email).put("appToken", portal.token()), jwt);
  }
}
