package io.lanyard.selfservice.privacy;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** deleteAccount erases, exportData tells everything stored: the rights of erasure and access. */
class DeleteAndExportIT extends SharedServiceFixture {

  private static final String DELETE = "/_plugin/Vendor/user/deleteAccount";
  private static final String EXPORT = "/_plugin/Vendor/user/exportData";
  private static final String EMAIL = "ann@example.com";

  private Fixtures.App fair;
  private String jwt;

  @BeforeEach
  void account() {
    fair = Fixtures.lifecycleApp(app, "fair");
    http.post("/_plugin/Vendor/user/createWithPassword", creation(EMAIL, fair.token(), Accounts.PASSWORD, true));
    Mails.awaitTo(smtp, EMAIL, "Welcome");
    jwt = Accounts.login(app, EMAIL);
    http.post("/_plugin/Vendor/thirdParty/updateUser", new JsonObject().put("email", EMAIL).put("appToken", fair.token())
      .put("data", new JsonObject().put("firstname", "Ann").put("city", "Lyon")), jwt);
  }

  @Test
  void exportHoldsEverythingStoredAndNoSecret() {
    http.post("/_plugin/Vendor/user/requestPasswordReset", new JsonObject().put("email", EMAIL).put("fromThirdParty", fair.token()));
    Mails.awaitTo(smtp, EMAIL, "Reset your password");

    Http.Response response = http.get(EXPORT, jwt);

    assertThat(response.body().getString("controller")).isEqualTo("Vendor/userController");
    assertThat(response.body().getString("action")).isEqualTo("exportData");
    assertThat(response.statusCode()).isZero();
    JsonObject data = response.result().getJsonObject("data");
    assertThat(data.getJsonObject("account").getString("email")).isEqualTo(EMAIL);
    assertThat(data.getJsonObject("account").getString("status")).isEqualTo("active");
    assertThat(data.getJsonObject("profileData")).isEqualTo(new JsonObject().put("firstname", "Ann").put("city", "Lyon"));
    assertThat(data.getJsonObject("origin")).isEqualTo(new JsonObject().put("fromSalon", Fixtures.SALON)
      .put("fromSessionSalon", Fixtures.SESSION).put("application", new JsonObject().put("_id", fair.id()).put("name", "fair")));
    JsonArray mails = data.getJsonArray("mails");
    assertThat(mails.stream().map(mail -> ((JsonObject) mail).getString("kind"))).containsExactly("welcome", "password_reset");
    assertThat(data.getJsonObject("links").getJsonArray("passwordResets")).hasSize(1);
    String text = data.encode();
    assertThat(text).doesNotContain("$2a$").doesNotContain("token_hash").doesNotContain(db.single(
      "SELECT encode(token_hash, 'base64') FROM password_resets").getString(0));
  }

  @Test
  void deletionErasesTheAccountEndsEverySessionAndFreesTheAddress() {
    String other = Accounts.login(app, EMAIL);
    // still pending when the account is erased: not due before tomorrow, so the mail drain cannot send it first (a mail due
    // now raced the erasure, and was sometimes sent, and so kept, before it)
    db.query("INSERT INTO mail_outbox (message_id, kind, recipient, subject, text_body, user_id, next_attempt_at) "
      + "SELECT '<pending@test>', 'welcome', email, 'pending', 'body', id, now() + interval '1 day' FROM users");

    Http.Response deleted = http.post(DELETE, new JsonObject().put("currentPassword", Accounts.PASSWORD), jwt);

    assertThat(deleted.result()).isEqualTo(new JsonObject().put("statusCode", 0).put("message", "generic_success"));
    Row row = db.single("SELECT email, password_hash, status, language, from_salon, from_session_salon, from_application_id, "
      + "profile::text AS profile, deleted_at FROM users");
    assertThat(row.getString("email")).isNull();
    assertThat(row.getString("password_hash")).isNull();
    assertThat(row.getString("status")).isEqualTo("deleted");
    assertThat(row.getString("language")).isNull();
    assertThat(row.getString("from_salon")).isNull();
    assertThat(row.getString("from_session_salon")).isNull();
    assertThat(row.getValue("from_application_id")).isNull();
    assertThat(row.getString("profile")).isEqualTo("{}");
    assertThat(row.getValue("deleted_at")).isNotNull();
    assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE message_id = '<pending@test>'")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE recipient = $1 AND kind <> 'account_deleted'", EMAIL)).isZero();
    assertThat(Mails.textOf(Mails.awaitTo(smtp, EMAIL, "Your account was deleted"))).contains(EMAIL);
    assertThat(http.get("/_me", jwt).status()).isEqualTo(401);
    assertThat(http.get("/_plugin/Vendor/user/getAllUserTypes", other).status()).isEqualTo(401);
    assertThat(Accounts.loginStatus(app, EMAIL, Accounts.PASSWORD)).isEqualTo(401);
    assertThat(http.post("/_plugin/Vendor/user/createWithPassword", creation(EMAIL, fair.token(), "another password", false))
      .statusCode()).as("the address registers again").isZero();
  }

  @Test
  void aWrongOrMissingPasswordIs192AndErasesNothing() {
    assertThat(http.post(DELETE, new JsonObject().put("currentPassword", "not the password"), jwt).statusCode()).isEqualTo(192);
    assertThat(http.post(DELETE, new JsonObject(), jwt).statusCode()).isEqualTo(192);
    assertThat(http.post(DELETE, new JsonObject().put("currentPassword", Accounts.PASSWORD)).status()).isEqualTo(401);
    assertThat(db.single("SELECT status FROM users").getString(0)).isEqualTo("active");
    assertThat(http.get(EXPORT).status()).isEqualTo(401);
  }
}
