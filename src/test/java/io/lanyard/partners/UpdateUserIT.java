package io.lanyard.partners;

import io.lanyard.model.applications.UserScope;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Await;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** POST /_plugin/Vendor/thirdParty/updateUser: who may write what, and what is written. */
class UpdateUserIT extends SharedServiceFixture {

  private static final String PATH = "/_plugin/Vendor/thirdParty/updateUser";
  private static final String ANN = "ann@example.com";

  private Fixtures.App portal;
  private String annId;
  private String jwt;

  @BeforeEach
  void accountAndApplication() {
    portal = Fixtures.application(app, "portal", false, UserScope.ANY, Optional.empty());
    annId = Accounts.createActive(app, ANN);
    jwt = Accounts.login(app, ANN);
  }

  @Test
  void writesEveryModifiableFieldAndBumpsUpdatedAt() {
    JsonObject data = new JsonObject().put("firstname", "Ann").put("lastname", "Lee").put("society", "Acme")
      .put("civility", "1").put("language", "fre-FR").put("address1", "1 rue A").put("address2", "Bât. B")
      .put("address3", "3e étage").put("postalCode", "75001").put("country", "FRA").put("city", "Paris").put("state", "IDF");
    db.query("UPDATE users SET updated_at = now() - interval '1 hour'");

    Http.Response response = update(ANN, data);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.body().getString("controller")).isEqualTo("Vendor/thirdPartyController");
    assertThat(response.body().getString("action")).isEqualTo("updateUserInformationsThirdParty");
    assertThat(response.result()).isEqualTo(new JsonObject().put("statusCode", 0).put("message", "generic_success"));
    Row row = row();
    JsonObject expectedProfile = data.copy();
    expectedProfile.remove("language");
    assertThat((JsonObject) row.getValue("profile")).as("language lives in its own column").isEqualTo(expectedProfile);
    assertThat(row.getString("language")).isEqualTo("fre-FR");
    assertThat(row.getBoolean("recent")).isTrue();
  }

  @Test
  void dataMayBeAJsonEncodedString() {
    Http.Response response = http.post(PATH, body(ANN).put("data", "{\"firstname\":\"Ann\",\"city\":\"Lyon\"}"), jwt);

    assertThat(response.statusCode()).isZero();
    assertThat(profile()).isEqualTo(new JsonObject().put("firstname", "Ann").put("city", "Lyon"));
  }

  @Test
  void keepsFieldsNotSentAndClearsFieldsSentAsNull() {
    update(ANN, new JsonObject().put("firstname", "Ann").put("city", "Lyon").put("country", "FRA"));

    Http.Response response = update(ANN, new JsonObject().put("city", null).put("lastname", "Lee"));

    assertThat(response.statusCode()).isZero();
    assertThat(profile()).isEqualTo(new JsonObject().put("firstname", "Ann").put("country", "FRA").put("lastname", "Lee"));
  }

  @Test
  void languageNullClearsTheAccountLanguage() {
    update(ANN, new JsonObject().put("language", null));

    assertThat(row().getValue("language")).isNull();
  }

  @Test
  void everyForbiddenKeyRefusesTheWholeUpdate() {
    String[][] cases = {
      {"email", "not_modifiable"}, {"password", "not_modifiable"}, {"status", "not_modifiable"},
      {"mobilephone:content", "not_modifiable"}, {"mobilephone:indicatif", "not_modifiable"},
      {"nickname", "unknown_field"}, {"FirstName", "unknown_field"}, {"_id", "not_modifiable"}};

    for (String[] forbidden : cases) {
      Http.Response response = update(ANN, new JsonObject().put("firstname", "Ann").put(forbidden[0], "x"));

      assertThat(response.statusCode()).withFailMessage(forbidden[0]).isEqualTo(190);
      assertThat(response.result().getJsonObject("data").getJsonArray("errors"))
        .containsExactly(new JsonObject().put("field", "data." + forbidden[0]).put("reason", forbidden[1]));
    }
    assertThat(profile()).isEqualTo(new JsonObject());
    assertThat(row().getString("email")).isEqualTo(ANN);
    assertThat(row().getString("status")).isEqualTo("active");
  }

  @Test
  void valuesBreakingARuleRefuseTheWholeUpdate() {
    Object[][] cases = {
      {"civility", "2", "not_0_or_1"}, {"civility", 1, "not_a_string"}, {"language", "de-DE", "unsupported_language"},
      {"country", "XXX", "not_iso_3166_alpha_3"}, {"country", "fra", "not_iso_3166_alpha_3"},
      {"country", "FR", "not_iso_3166_alpha_3"}, {"firstname", "a".repeat(256), "too_long"},
      {"city", new JsonObject(), "not_a_string"}, {"lastname", true, "not_a_string"}};

    for (Object[] bad : cases) {
      Http.Response response = update(ANN, new JsonObject().put("society", "Acme").put((String) bad[0], bad[1]));

      assertThat(response.statusCode()).withFailMessage(bad[0] + "=" + bad[1]).isEqualTo(190);
      assertThat(response.result().getJsonObject("data").getJsonArray("errors"))
        .containsExactly(new JsonObject().put("field", "data." + bad[0]).put("reason", bad[2]));
    }
    assertThat(profile()).isEqualTo(new JsonObject());
  }

  @Test
  void realCountryCodesAndLongestValuesAreAccepted() {
    for (String country : new String[] {"FRA", "DEU", "USA", "JPN", "CIV", "ATA"}) {
      assertThat(update(ANN, new JsonObject().put("country", country)).statusCode()).withFailMessage(country).isZero();
    }
    assertThat(update(ANN, new JsonObject().put("firstname", "a".repeat(255)).put("civility", "0")).statusCode()).isZero();
  }

  @Test
  void missingOrEmptyFieldsAre137() {
    JsonObject[] bodies = {
      new JsonObject(),
      body(ANN).put("data", new JsonObject()),
      body(ANN).put("data", ""),
      new JsonObject().put("appToken", portal.token()).put("data", new JsonObject().put("city", "Lyon")),
      new JsonObject().put("email", ANN).put("data", new JsonObject().put("city", "Lyon")),
      body(ANN)};

    for (JsonObject body : bodies) {
      Http.Response response = http.post(PATH, body, jwt);

      assertThat(response.statusCode()).withFailMessage(body.encode()).isEqualTo(137);
      assertThat(response.result().getString("message")).isEqualTo("generic_error");
      assertThat(response.result().getJsonObject("data").getJsonArray("errors")).isNotEmpty();
    }
    assertThat(profile()).isEqualTo(new JsonObject());
  }

  @Test
  void dataThatIsNoObjectIs190() {
    for (Object data : new Object[] {42, new JsonArray().add("x"), "not json", "[1,2]", "\"text\"", true}) {
      Http.Response response = http.post(PATH, body(ANN).put("data", data), jwt);

      assertThat(response.statusCode()).withFailMessage(String.valueOf(data)).isEqualTo(190);
      assertThat(response.result().getJsonObject("data").getJsonArray("errors").getJsonObject(0).getString("field"))
        .isEqualTo("data");
    }
  }

  @Test
  void sixtyThousandUnknownKeysGetTwentyProblemsAndOneSayingThereAreMore() {
    JsonObject data = new JsonObject().put("city", "Lyon");
    for (int i = 0; i < 60_000; i++) {
      data.put("k" + i, "x");
    }

    Http.Response response = update(ANN, data);

    assertThat(response.statusCode()).isEqualTo(190);
    JsonArray errors = response.result().getJsonObject("data").getJsonArray("errors");
    assertThat(errors).hasSize(21);
    assertThat(errors.getJsonObject(0)).isEqualTo(new JsonObject().put("field", "data.k0").put("reason", "unknown_field"));
    assertThat(errors.getJsonObject(19)).isEqualTo(new JsonObject().put("field", "data.k19").put("reason", "unknown_field"));
    assertThat(errors.getJsonObject(20)).isEqualTo(new JsonObject().put("field", "data").put("reason", "too_many_problems"));
    assertThat(response.text().length()).isLessThan(2_000);
    assertThat(profile()).isEqualTo(new JsonObject());
  }

  @Test
  void anUnknownKeyIsNamedByItsFirstSixtyFourCharacters() {
    // under the parser's own bound on a name (50,000 characters, answered 400 above it)
    String key = "k".repeat(40_000);

    Http.Response response = update(ANN, new JsonObject().put(key, "x"));

    assertThat(response.statusCode()).isEqualTo(190);
    assertThat(response.result().getJsonObject("data").getJsonArray("errors")).containsExactly(
      new JsonObject().put("field", "data." + "k".repeat(64) + "…").put("reason", "unknown_field"));
    assertThat(response.text().length()).isLessThan(1_000);
  }

  @Test
  void theApplicationTokenIsCheckedBeforeTheOtherFields() {
    JsonObject unknownKeys = new JsonObject();
    for (int i = 0; i < 60_000; i++) {
      unknownKeys.put("k" + i, "x");
    }
    JsonObject[] bodies = {
      new JsonObject().put("email", ANN).put("appToken", "unknown").put("data", unknownKeys),
      new JsonObject().put("email", "not an address").put("appToken", "unknown").put("data", city()),
      new JsonObject().put("appToken", "unknown")};

    for (JsonObject body : bodies) {
      Http.Response response = http.post(PATH, body, jwt);

      assertThat(response.result()).withFailMessage(response.pretty())
        .isEqualTo(new JsonObject().put("statusCode", 149).put("message", "generic_error"));
    }
    assertThat(profile()).isEqualTo(new JsonObject());
    Http.Response noToken = http.post(PATH, body(ANN).put("appToken", "").put("data", unknownKeys), jwt);
    assertThat(noToken.statusCode()).isEqualTo(137);
  }

  @Test
  void applicationTokenRefusals() {
    assertThat(http.post(PATH, body(ANN).put("appToken", "unknown").put("data", city()), jwt).statusCode()).isEqualTo(149);
    db.query("UPDATE applications SET enabled = false");
    app.reloadCaches();
    assertThat(update(ANN, city()).statusCode()).isEqualTo(140);
    db.query("UPDATE applications SET enabled = true, expires_at = now() - interval '1 second'");
    app.reloadCaches();
    assertThat(update(ANN, city()).statusCode()).isEqualTo(140);
    db.query("UPDATE applications SET expires_at = NULL, revoked_at = now()");
    app.reloadCaches();
    assertThat(update(ANN, city()).statusCode()).isEqualTo(149);
    assertThat(profile()).isEqualTo(new JsonObject());
  }

  @Test
  void userScopesDecideWhoMayBeUpdated() {
    Accounts.createActive(app, "bob@example.com");
    Fixtures.App none = Fixtures.application(app, "none", false, UserScope.NONE, Optional.empty());
    Fixtures.App self = Fixtures.application(app, "self", false, UserScope.SELF, Optional.empty());

    assertThat(updateWith(none, ANN).statusCode()).as("none, even oneself").isEqualTo(181);
    assertThat(updateWith(self, "bob@example.com").statusCode()).as("self, another user").isEqualTo(181);
    assertThat(updateWith(self, "ghost@example.com").statusCode()).as("self, no such user: no oracle").isEqualTo(181);
    assertThat(updateWith(self, " ANN@example.com").statusCode()).as("self, oneself").isZero();
    assertThat(updateWith(portal, "bob@example.com").statusCode()).as("any, another user").isZero();
    assertThat(updateWith(portal, "ghost@example.com").statusCode()).as("any, no such user").isEqualTo(139);
  }

  @Test
  void bearerTokenIsRequired() {
    Http.Response anonymous = http.post(PATH, body(ANN).put("data", city()));
    Http.Response forged = http.post(PATH, body(ANN).put("data", city()), jwt + "x");

    assertThat(anonymous.status()).isEqualTo(401);
    assertThat(anonymous.error().getString("message"))
      .isEqualTo("Unauthorized action [Vendor/thirdPartyController/updateUserInformationsThirdParty] for anonymous user");
    assertThat(forged.status()).isEqualTo(401);
    assertThat(forged.error().getString("message")).isEqualTo("Json Web Token Error");
    assertThat(profile()).isEqualTo(new JsonObject());
  }

  @Test
  void tokenRevokedWithTheCliIsRefusedWithinSeconds() {
    assertThat(update(ANN, city()).statusCode()).isZero();

    assertThat(Cli.run("apps", "revoke", "portal").exitCode()).isZero();

    // probed with a read: an update probing it could land before the revocation does, and change what is asserted
    Eventually.until(() -> http.post("/_plugin/Vendor/thirdParty/getUser", new JsonObject().put("email", ANN)
      .put("appToken", portal.token()), jwt).statusCode() == 149, Duration.ofSeconds(3), "revoked token refused");
    assertThat(update(ANN, new JsonObject().put("city", "Nice")).statusCode()).isEqualTo(149);
    assertThat(profile().getString("city")).isEqualTo("Lyon");
  }

  @Test
  void concurrentUpdatesFromTwoApplicationsLoseNoField() {
    Fixtures.App badges = Fixtures.application(app, "badges", false, UserScope.ANY, Optional.empty());
    String[] fields = {"firstname", "lastname", "society", "address1", "address2", "address3", "postalCode", "city", "state"};
    List<Future<Http.Response>> updates = new ArrayList<>();
    for (int round = 0; round < 3; round++) {
      for (int i = 0; i < fields.length; i++) {
        Fixtures.App sender = i % 2 == 0 ? portal : badges;
        JsonObject body = new JsonObject().put("email", ANN).put("appToken", sender.token())
          .put("data", new JsonObject().put(fields[i], fields[i] + "-" + round));
        updates.add(http.postAsync(PATH, body, jwt));
      }
    }

    updates.forEach(update -> assertThat(Await.await(update).statusCode()).isZero());

    assertThat(profile().fieldNames()).containsExactlyInAnyOrder(fields);
  }

  @Test
  void storageFailuresAreTheWriteCodeAndWriteNothing() {
    db.query("CREATE FUNCTION refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$");
    db.query("CREATE TRIGGER refuse_update BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION refuse_update()");
    Http.Response writeFailure;
    try {
      writeFailure = update(ANN, city());
    } finally {
      db.query("DROP TRIGGER refuse_update ON users");
      db.query("DROP FUNCTION refuse_update()");
    }
    db.query("ALTER TABLE users RENAME TO users_away");
    Http.Response tableGone;
    try {
      tableGone = update(ANN, city());
    } finally {
      db.query("ALTER TABLE users_away RENAME TO users");
    }

    // the update finds and writes the account in one statement: whatever breaks it is the write's code
    assertThat(writeFailure.result()).isEqualTo(new JsonObject().put("statusCode", 173).put("message", "generic_error"));
    assertThat(writeFailure.text()).doesNotContain("disk full");
    assertThat(tableGone.result()).isEqualTo(new JsonObject().put("statusCode", 173).put("message", "generic_error"));
    assertThat(profile()).isEqualTo(new JsonObject());
  }

  private Http.Response update(String email, JsonObject data) {
    return http.post(PATH, body(email).put("data", data), jwt);
  }

  private Http.Response updateWith(Fixtures.App application, String email) {
    return http.post(PATH, new JsonObject().put("email", email).put("appToken", application.token()).put("data", city()), jwt);
  }

  private JsonObject body(String email) {
    return new JsonObject().put("email", email).put("appToken", portal.token());
  }

  private static JsonObject city() {
    return new JsonObject().put("city", "Lyon");
  }

  private Row row() {
    return db.single("SELECT email, status, language, profile, updated_at > now() - interval '1 minute' AS recent "
      + "FROM users WHERE id = $1", UUID.fromString(annId));
  }

  private JsonObject profile() {
    return (JsonObject) row().getValue("profile");
  }
}
