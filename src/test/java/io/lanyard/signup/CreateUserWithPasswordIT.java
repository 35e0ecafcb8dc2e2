package io.lanyard.signup;

import io.lanyard.model.applications.UserScope;
import io.lanyard.services.mail.MailKind;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** POST /_plugin/Vendor/user/createWithPassword: every code it can answer, with the rows and mails behind each. */
class CreateUserWithPasswordIT extends SharedServiceFixture {

  private static final String PATH = "/_plugin/Vendor/user/createWithPassword";
  private static final String PASSWORD = "a long password";

  private Fixtures.App fair;

  @BeforeEach
  void registrationApp() {
    fair = Fixtures.registrationApp(app, "fair");
  }

  @Test
  void createsAnActiveAccountAndSendsTheWelcomeMail() throws Exception {
    Http.Response response = http.post(PATH, creation("  Ann@Example.COM ", fair.token(), PASSWORD, true));

    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(200);
    assertThat(response.body().getString("controller")).isEqualTo("Vendor/AuthController");
    assertThat(response.body().getString("action")).isEqualTo("createUserWithPassword");
    assertThat(response.body().getValue("error")).isNull();
    assertThat(response.result()).isEqualTo(new JsonObject().put("statusCode", 0).put("message", "create_user_success")
      .put("data", new JsonObject()));
    Row user = db.single("SELECT email, status, password_hash, language, from_salon, from_session_salon, "
      + "from_application_id::text AS app FROM users");
    assertThat(user.getString("email")).isEqualTo("ann@example.com");
    assertThat(user.getString("status")).isEqualTo("active");
    assertThat(user.getString("password_hash")).startsWith("$2a$04$");
    assertThat(user.getString("language")).isEqualTo("eng-GB");
    assertThat(user.getString("from_salon")).isEqualTo(Fixtures.SALON);
    assertThat(user.getString("from_session_salon")).isEqualTo(Fixtures.SESSION);
    assertThat(user.getString("app")).isEqualTo(fair.id());

    MimeMessage mail = smtp.awaitMessages(1).get(0);
    assertThat(mail.getAllRecipients()[0].toString()).isEqualTo("ann@example.com");
    assertThat(mail.getSubject()).isEqualTo("[welcome eng-GB] Welcome to the fair");
    assertThat(mail.getFrom()[0].toString()).contains("accounts@fair.example");
    Row outbox = db.single("SELECT status, kind, message_id, text_body FROM mail_outbox");
    assertThat(outbox.getString("kind")).isEqualTo("welcome");
    assertThat(mail.getHeader("Message-ID")[0]).isEqualTo(outbox.getString("message_id"));
    awaitOutboxSent();
    assertThat(Accounts.loginStatus(app, "ann@example.com", PASSWORD)).isEqualTo(200);
  }

  @Test
  void noMailWhenSendingIsNotAllowed() {
    Http.Response response = http.post(PATH, creation("ann@example.com", fair.token(), PASSWORD, false));

    assertThat(response.statusCode()).isZero();
    assertThat(db.count("SELECT count(*) FROM users WHERE status = 'active'")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
    assertThat(smtp.assertNoMoreThan(0, Duration.ofMillis(500))).isEmpty();
  }

  @Test
  void missingFieldsAre131NamingEachOne() {
    Http.Response empty = http.post(PATH, new JsonObject());
    Http.Response blank = http.post(PATH, creation("   ", fair.token(), PASSWORD, true).put("fromSalon", ""));

    assertThat(empty.statusCode()).isEqualTo(131);
    assertThat(empty.result().getString("message")).isEqualTo("generic_error");
    assertThat(fields(empty)).containsExactly("email", "fromSalon", "fromSessionSalon", "language", "fromThirdParty",
      "password", "isSendingEmailAllowed");
    assertThat(empty.result().getJsonObject("data").getJsonArray("errors").getJsonObject(0).getString("reason"))
      .isEqualTo("missing");
    assertThat(blank.statusCode()).isEqualTo(131);
    assertThat(fields(blank)).containsExactly("email", "fromSalon");
    assertNothingWritten();
  }

  @Test
  void invalidFieldsAre190NamingEachOne() {
    JsonObject body = creation("not-an-address", fair.token(), "short", true)
      .put("language", "de-DE").put("isSendingEmailAllowed", "true").put("fromSessionSalon", "s".repeat(256));

    Http.Response response = http.post(PATH, body);

    assertThat(response.statusCode()).isEqualTo(190);
    assertThat(response.result().getString("message")).isEqualTo("generic_error");
    JsonArray errors = response.result().getJsonObject("data").getJsonArray("errors");
    assertThat(errors).contains(
      new JsonObject().put("field", "email").put("reason", "invalid_email"),
      new JsonObject().put("field", "language").put("reason", "unsupported_language"),
      new JsonObject().put("field", "password").put("reason", "too_short"),
      new JsonObject().put("field", "isSendingEmailAllowed").put("reason", "not_a_boolean"),
      new JsonObject().put("field", "fromSessionSalon").put("reason", "too_long"));
    assertNothingWritten();
  }

  @Test
  void eachInvalidValueAloneIs190() {
    List<JsonObject> bodies = List.of(
      creation("ann@example.com", fair.token(), "é".repeat(37), true),
      creation("ann@example.com", fair.token(), PASSWORD, true).put("email", 42),
      creation("a@b", fair.token(), PASSWORD, true),
      creation("x".repeat(250) + "@example.com", fair.token(), PASSWORD, true),
      creation("ann@example.com", fair.token(), PASSWORD, true).put("language", "fre-fr"),
      creation("ann@example.com", fair.token(), PASSWORD, true).put("fromSalon", new JsonObject()),
      creation("ann@example.com", fair.token(), PASSWORD, true).put("isSendingEmailAllowed", 1));

    for (JsonObject body : bodies) {
      assertThat(http.post(PATH, body).statusCode()).withFailMessage(body.encode()).isEqualTo(190);
    }
    assertNothingWritten();
  }

  @Test
  void unknownOrRevokedApplicationTokenIs149() {
    Http.Response unknown = http.post(PATH, creation("ann@example.com", "no-such-token", PASSWORD, true));
    db.query("UPDATE applications SET revoked_at = now()");
    app.reloadCaches();
    Http.Response revoked = http.post(PATH, creation("ann@example.com", fair.token(), PASSWORD, true));

    assertThat(unknown.statusCode()).isEqualTo(149);
    assertThat(revoked.statusCode()).isEqualTo(149);
    assertNothingWritten();
  }

  @Test
  void disabledOrExpiredApplicationIs140() {
    db.query("UPDATE applications SET enabled = false");
    app.reloadCaches();
    Http.Response disabled = http.post(PATH, creation("ann@example.com", fair.token(), PASSWORD, true));
    db.query("UPDATE applications SET enabled = true, expires_at = now() - interval '1 minute'");
    app.reloadCaches();
    Http.Response expired = http.post(PATH, creation("ann@example.com", fair.token(), PASSWORD, true));

    assertThat(disabled.statusCode()).isEqualTo(140);
    assertThat(expired.statusCode()).isEqualTo(140);
    assertNothingWritten();
  }

  @Test
  void applicationThatMayNotCreateUsersIs181() {
    Fixtures.App reader = Fixtures.application(app, "reader", false, UserScope.ANY, Optional.of(Fixtures.LINK_URL));

    Http.Response response = http.post(PATH, creation("ann@example.com", reader.token(), PASSWORD, false));

    assertThat(response.statusCode()).isEqualTo(181);
    assertNothingWritten();
  }

  @Test
  void existingAccountIs143WithItsOwnMessage() {
    http.post(PATH, creation("ann@example.com", fair.token(), PASSWORD, false));

    Http.Response again = http.post(PATH, creation(" ANN@example.com", fair.token(), "another password", true));

    assertThat(again.result()).isEqualTo(new JsonObject().put("statusCode", 143).put("message", "create_user_already_exist"));
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
  }

  @Test
  void pendingAccountIs143() {
    http.post("/_plugin/Vendor/user/create", creation("ann@example.com", fair.token(), null, null));

    Http.Response response = http.post(PATH, creation("ann@example.com", fair.token(), PASSWORD, true));

    assertThat(response.statusCode()).isEqualTo(143);
    assertThat(db.single("SELECT status FROM users").getString(0)).isEqualTo("pending");
  }

  @Test
  void withoutItsOwnWelcomeTemplateTheBuiltInOneIsSent() throws Exception {
    Fixtures.App bare = Fixtures.application(app, "bare", true, UserScope.ANY, Optional.of(Fixtures.LINK_URL));

    Http.Response response = http.post(PATH, creation("ann@example.com", bare.token(), PASSWORD, true));

    assertThat(response.statusCode()).isZero();
    assertThat(smtp.awaitMessages(1).get(0).getSubject()).isEqualTo("Welcome – bare");
  }

  @Test
  void welcomeMailFallsBackToTheOtherLanguage() throws Exception {
    Fixtures.App english = Fixtures.application(app, "english", true, UserScope.ANY, Optional.of(Fixtures.LINK_URL));
    Fixtures.template(app, english, MailKind.WELCOME, "eng-GB");

    Http.Response response = http.post(PATH, creation("ann@example.com", english.token(), PASSWORD, true)
      .put("language", "fre-FR"));

    assertThat(response.statusCode()).isZero();
    assertThat(smtp.awaitMessages(1).get(0).getSubject()).startsWith("[welcome eng-GB]");
    assertThat(db.single("SELECT language FROM users").getString(0)).isEqualTo("fre-FR");
  }

  @Test
  void welcomeMailIsInTheUsersLanguage() throws Exception {
    http.post(PATH, creation("ann@example.com", fair.token(), PASSWORD, true).put("language", "fre-FR"));

    assertThat(smtp.awaitMessages(1).get(0).getSubject()).isEqualTo("[welcome fre-FR] Welcome to the fair");
  }

  private void assertNothingWritten() {
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
  }

  private void awaitOutboxSent() {
    Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'sent' AND text_body IS NULL") == 1,
      "the outbox row marked sent, its body cleared");
  }

  private static List<String> fields(Http.Response response) {
    return response.result().getJsonObject("data").getJsonArray("errors").stream()
      .map(error -> ((JsonObject) error).getString("field")).toList();
  }
}
