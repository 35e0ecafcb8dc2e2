package io.lanyard.signup;

import io.lanyard.model.applications.UserScope;
import io.lanyard.platform.support.SecretTokens;
import io.lanyard.services.mail.MailKind;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** POST /_plugin/Vendor/user/create: the pending account, its link, the mail carrying it, and the link's renewal. */
class CreateUserByLinkIT extends SharedServiceFixture {

  private static final String PATH = "/_plugin/Vendor/user/create";
  private static final Pattern LINK = Pattern.compile("https://fair\\.example/activate\\?token=([A-Za-z0-9_-]{43})&lang=([a-zA-Z-]+)");

  private Fixtures.App fair;

  @BeforeEach
  void registrationApp() {
    fair = Fixtures.registrationApp(app, "fair");
  }

  @Test
  void createsAPendingAccountAndMailsALinkThatActivatesIt() throws Exception {
    Http.Response response = http.post(PATH, creation(" Ann@Example.com", fair.token(), null, null));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.body().getString("controller")).isEqualTo("Vendor/AuthController");
    assertThat(response.body().getString("action")).isEqualTo("createUser");
    assertThat(response.result()).isEqualTo(new JsonObject().put("statusCode", 0).put("message", "create_user_success")
      .put("data", new JsonObject()));
    Row user = db.single("SELECT id::text AS id, email, status, password_hash, language, from_salon, from_session_salon, "
      + "from_application_id::text AS app FROM users");
    assertThat(user.getString("email")).isEqualTo("ann@example.com");
    assertThat(user.getString("status")).isEqualTo("pending");
    assertThat(user.getString("password_hash")).isNull();
    assertThat(user.getString("from_salon")).isEqualTo(Fixtures.SALON);
    assertThat(user.getString("from_session_salon")).isEqualTo(Fixtures.SESSION);
    assertThat(user.getString("app")).isEqualTo(fair.id());

    MimeMessage mail = smtp.awaitMessages(1).get(0);
    assertThat(mail.getAllRecipients()[0].toString()).isEqualTo("ann@example.com");
    assertThat(mail.getSubject()).isEqualTo("[account_link eng-GB] Welcome to the fair");
    String token = tokenIn(mail);
    Row link = db.single("SELECT token_hash, user_id::text AS user_id, expires_at > now() + interval '47 hours' AS long_lived, "
      + "used_at FROM account_links");
    assertThat(HexFormat.of().formatHex(link.getBuffer("token_hash").getBytes())).isEqualTo(SecretTokens.sha256Hex(token));
    assertThat(link.getString("user_id")).isEqualTo(user.getString("id"));
    assertThat(link.getBoolean("long_lived")).isTrue();
    Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'") == 1, "the mail marked sent");
    assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE text_body LIKE '%' || $1 || '%' OR html_body LIKE '%' || $1 || '%'",
      token)).as("once sent, the token is nowhere in the database").isZero();

    Http.Response activation = http.post("/_plugin/Vendor/user/activate",
      new JsonObject().put("token", token).put("password", "my new password"));

    assertThat(activation.statusCode()).withFailMessage(activation.pretty()).isZero();
    assertThat(activation.result().getJsonObject("data").getString("_id")).isEqualTo(user.getString("id"));
    assertThat(Accounts.loginStatus(app, "ann@example.com", "my new password")).isEqualTo(200);
  }

  @Test
  void linkAndMailFollowTheUsersLanguage() throws Exception {
    http.post(PATH, creation("ann@example.com", fair.token(), null, null).put("language", "fre-FR"));

    MimeMessage mail = smtp.awaitMessages(1).get(0);
    assertThat(mail.getSubject()).startsWith("[account_link fre-FR]");
    Matcher link = LINK.matcher(textOf(mail));
    assertThat(link.find()).isTrue();
    assertThat(link.group(2)).isEqualTo("fre-FR");
  }

  @Test
  void htmlPartEscapesValuesAndTextPartKeepsThem() throws Exception {
    http.post(PATH, creation("ann@example.com", fair.token(), null, null));

    MimeMessage mail = smtp.awaitMessages(1).get(0);
    String token = tokenIn(mail);
    assertThat(htmlOf(mail)).contains(token + "&amp;lang&#61;eng-GB").doesNotContain("&lang");
    assertThat(textOf(mail)).contains("?token=" + token + "&lang=eng-GB");
  }

  @Test
  void applicationWithoutAUsableLinkUrlIs124AndWritesNothing() {
    Fixtures.App noLink = Fixtures.application(app, "no-link", true, UserScope.ANY, Optional.empty());
    Fixtures.template(app, noLink, MailKind.ACCOUNT_LINK, "eng-GB");
    Fixtures.App plainHttp = Fixtures.application(app, "plain-http", true, UserScope.ANY,
      Optional.of("http://fair.example/activate?token={token}"));
    Fixtures.template(app, plainHttp, MailKind.ACCOUNT_LINK, "eng-GB");

    assertThat(http.post(PATH, creation("ann@example.com", noLink.token(), null, null)).statusCode()).isEqualTo(124);
    assertThat(http.post(PATH, creation("ann@example.com", plainHttp.token(), null, null)).statusCode()).isEqualTo(124);
    assertNothingWritten();
  }

  @Test
  void withoutItsOwnAccountLinkTemplateTheBuiltInOneIsSent() throws Exception {
    Fixtures.App welcomeOnly = Fixtures.application(app, "welcome-only", true, UserScope.ANY, Optional.of(Fixtures.LINK_URL));
    Fixtures.template(app, welcomeOnly, MailKind.WELCOME, "eng-GB");

    Http.Response response = http.post(PATH, creation("ann@example.com", welcomeOnly.token(), null, null));

    assertThat(response.statusCode()).isZero();
    MimeMessage mail = smtp.awaitMessages(1).get(0);
    assertThat(mail.getSubject()).isEqualTo("Your account link – welcome-only");
    assertThat(activate(tokenIn(mail)).statusCode()).isZero();
  }

  @Test
  void applicationChecksComeBeforeAnyWrite() {
    Fixtures.App reader = Fixtures.application(app, "reader", false, UserScope.ANY, Optional.of(Fixtures.LINK_URL));

    assertThat(http.post(PATH, creation("ann@example.com", "unknown", null, null)).statusCode()).isEqualTo(149);
    assertThat(http.post(PATH, creation("ann@example.com", reader.token(), null, null)).statusCode()).isEqualTo(181);
    assertThat(http.post(PATH, new JsonObject().put("email", "ann@example.com")).statusCode()).isEqualTo(131);
    assertThat(http.post(PATH, creation("ann@", fair.token(), null, null)).statusCode()).isEqualTo(190);
    assertNothingWritten();
  }

  @Test
  void activeAccountIs143() {
    Accounts.createActive(app, "ann@example.com");

    Http.Response response = http.post(PATH, creation("ann@example.com", fair.token(), null, null));

    assertThat(response.result()).isEqualTo(new JsonObject().put("statusCode", 143).put("message", "create_user_already_exist"));
    assertThat(db.count("SELECT count(*) FROM account_links")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
  }

  @Test
  void pendingAccountAskedAgainWithinTheResendIntervalIs143WithNoSecondMail() {
    http.post(PATH, creation("ann@example.com", fair.token(), null, null));
    smtp.awaitMessages(1);

    Http.Response again = http.post(PATH, creation("ANN@example.com", fair.token(), null, null));

    assertThat(again.statusCode()).isEqualTo(143);
    assertThat(db.count("SELECT count(*) FROM account_links")).isEqualTo(1);
    assertThat(smtp.assertNoMoreThan(1, Duration.ofMillis(700))).hasSize(1);
  }

  @Test
  void pendingAccountGetsAFreshLinkAfterTheIntervalAndKeepsTheEarlierOne() throws Exception {
    try (TestApp quick = TestApp.start(Map.of("LANYARD_LINK_RESEND_INTERVAL", "300ms"))) {
      quick.http().post(PATH, creation("ann@example.com", fair.token(), null, null));
      String first = tokenIn(smtp.awaitMessages(1).get(0));
      Thread.sleep(400);

      Http.Response again = quick.http().post(PATH, creation("ann@example.com", fair.token(), null, null));

      assertThat(again.result()).isEqualTo(new JsonObject().put("statusCode", 0).put("message", "create_user_success")
        .put("data", new JsonObject()));
      String second = tokenIn(smtp.awaitMessages(2).get(1));
      assertThat(second).isNotEqualTo(first);
      assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(1);
      assertThat(db.count("SELECT count(*) FROM account_links WHERE used_at IS NULL")).as("both links live").isEqualTo(2);
      assertThat(activate(first).statusCode()).isZero();
      assertThat(activate(second).statusCode()).as("activating used them all").isEqualTo(191);
    }
  }

  private Http.Response activate(String token) {
    return http.post("/_plugin/Vendor/user/activate", new JsonObject().put("token", token).put("password", "my new password"));
  }

  private void assertNothingWritten() {
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
    assertThat(db.count("SELECT count(*) FROM account_links")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
  }

  /** The link token in a mail's text part. */
  static String tokenIn(MimeMessage mail) throws Exception {
    Matcher link = LINK.matcher(textOf(mail));
    assertThat(link.find()).withFailMessage(textOf(mail)).isTrue();
    return link.group(1);
  }

  static String textOf(MimeMessage mail) throws Exception {
    return part(mail, "text/plain");
  }

  static String htmlOf(MimeMessage mail) throws Exception {
    return part(mail, "text/html");
  }

  private static String part(MimeMessage mail, String type) throws Exception {
    Object content = mail.getContent();
    if (content instanceof String text) {
      return text;
    }
    Multipart multipart = (Multipart) content;
    for (int i = 0; i < multipart.getCount(); i++) {
      if (multipart.getBodyPart(i).isMimeType(type)) {
        return multipart.getBodyPart(i).getContent().toString();
      }
    }
    throw new AssertionError("no " + type + " part");
  }
}
