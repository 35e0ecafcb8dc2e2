package io.lanyard.signup;

import io.lanyard.model.applications.UserScope;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.LogCapture;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

import java.util.List;
import java.util.Optional;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Identifiers as a probe tries them: invisible and format characters in an address are refused (190), full-width and
 * compatibility forms fold onto the address they imitate (143, never a second account), and a NUL character anywhere is a
 * validation failure (401 at login, 190 on plugin routes), never a 500, an internal code or an ERROR in the log.
 */
class IdentifiersIT extends SharedServiceFixture {

  private static final String CREATE = "/_plugin/Vendor/user/createWithPassword";
  private static final String PASSWORD = "a long password";

  private Fixtures.App fair;

  @BeforeEach
  void registrationApp() {
    fair = Fixtures.registrationApp(app, "fair");
  }

  @Test
  void addressesWithInvisibleOrFormatCharactersAre190() {
    for (String hidden : List.of("\u200b", "\u200d", "\u00ad", "\ufeff", "\u202e", "\u00a0", "\u0007", "\u2066")) {
      Http.Response response = http.post(CREATE, creation("an" + hidden + "n@example.com", fair.token(), PASSWORD, false));

      assertThat(response.statusCode()).withFailMessage("U+%04X: %s", (int) hidden.charAt(0), response.pretty()).isEqualTo(190);
      assertThat(response.result().getJsonObject("data").getJsonArray("errors"))
        .isEqualTo(new JsonArray().add(new JsonObject().put("field", "email").put("reason", "invalid_email")));
    }
    assertThat(db.single("SELECT count(*) AS n FROM users").getLong("n")).isZero();
  }

  @Test
  void fullWidthAndCompatibilityFormsAreTheSameAccount() {
    assertThat(http.post(CREATE, creation("ann@example.com", fair.token(), PASSWORD, false)).statusCode()).isZero();

    for (String lookAlike : List.of("\uff41\uff4e\uff4e@example.com", "ANN@\uff25XAMPLE.COM", "\uff21nn@example.com")) {
      Http.Response response = http.post(CREATE, creation(lookAlike, fair.token(), PASSWORD, false));

      assertThat(response.statusCode()).withFailMessage(lookAlike + ": " + response.pretty()).isEqualTo(143);
    }
    assertThat(db.single("SELECT count(*) AS n FROM users").getLong("n")).isEqualTo(1);
    assertThat(Accounts.loginStatus(app, "\uff41\uff4e\uff4e@example.com", PASSWORD)).isEqualTo(200);
  }

  @Test
  void nulInLoginIs401WithNoErrorLogged() {
    Accounts.createActive(app, "ann@example.com");
    try (LogCapture log = LogCapture.of(Logger.ROOT_LOGGER_NAME)) {
      for (JsonObject body : List.of(new JsonObject().put("username", "ann@example.com\u0000").put("password", Accounts.PASSWORD),
        new JsonObject().put("username", "a\u0000nn@example.com").put("password", "x"),
        new JsonObject().put("username", "ann@example.com").put("password", Accounts.PASSWORD + "\u0000"))) {
        Http.Response response = http.post("/_login/local", body);

        assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(401);
        assertThat(response.error().getString("message")).isEqualTo("wrong username or password");
      }
      assertThat(log.lines()).noneMatch(line -> line.startsWith("ERROR") || line.startsWith("WARN"));
    }
  }

  @Test
  void nulInAnyFieldOfACreationIs190WithNothingWritten() {
    try (LogCapture log = LogCapture.of(Logger.ROOT_LOGGER_NAME)) {
      for (String field : List.of("fromSalon", "fromSessionSalon", "email", "password", "fromThirdParty", "language")) {
        JsonObject body = creation("ann@example.com", fair.token(), PASSWORD, false);
        body.put(field, body.getString(field) + "\u0000x");

        Http.Response response = http.post(CREATE, body);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.statusCode()).withFailMessage(field + ": " + response.pretty()).isEqualTo(190);
        assertThat(response.result().getJsonObject("data").getJsonArray("errors").getJsonObject(0).getString("field"))
          .isEqualTo(field);
      }
      assertThat(log.lines()).noneMatch(line -> line.startsWith("ERROR"));
    }
    assertThat(db.single("SELECT count(*) AS n FROM users").getLong("n")).isZero();
  }

  @Test
  void nulInAProfileFieldIs190() {
    Fixtures.App portal = Fixtures.application(app, "portal", true, UserScope.ANY, Optional.empty());
    Accounts.createActive(app, "ann@example.com");
    String jwt = Accounts.login(app, "ann@example.com");

    Http.Response response = http.post("/_plugin/Vendor/thirdParty/updateUser", new JsonObject().put("email", "ann@example.com")
      .put("appToken", portal.token()).put("data", new JsonObject().put("city", "Ly\u0000on")), jwt);

    assertThat(response.statusCode()).withFailMessage(response.pretty()).isEqualTo(190);
    assertThat(response.result().getJsonObject("data").getJsonArray("errors"))
      .isEqualTo(new JsonArray().add(new JsonObject().put("field", "data.city").put("reason", "invalid_character")));
  }
}
