package io.lanyard.selfservice.emailchange;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.FakeCaptchaProvider;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static io.lanyard.testing.FakeCaptchaProvider.GOOD_TOKEN;
import static io.lanyard.testing.FakeCaptchaProvider.SECRET;
import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * requestEmailChange as a mail channel (docs/security.md#mail-limits): at most {@code security.emailChangeRate} per account
 * (3 an hour by default), the CAPTCHA when one is configured, and the source's mail rate spent as {@code create} spends it.
 * Sources come through a trusted proxy ({@code X-Forwarded-For}).
 */
class EmailChangeLimitsIT {

  private static final String REQUEST = "/_plugin/Vendor/user/requestEmailChange";

  private final TestDb db = TestDb.get();
  private final Smtp smtp = Smtp.shared();
  private TestApp app;
  private FakeCaptchaProvider captcha;
  private Fixtures.App fair;

  @BeforeEach
  void clean() {
    db.truncate();
    smtp.clear();
  }

  @AfterEach
  void stop() {
    if (app != null) {
      app.close();
    }
    if (captcha != null) {
      captcha.close();
    }
  }

  @Test
  void anAccountMayAskThreeTimesAnHourThenIsRefusedWithNoMail() {
    start(Map.of());
    String ann = account("ann@example.com");

    for (int i = 1; i <= 3; i++) {
      assertThat(request(ann, "203.0.113." + i, "new" + i + "@example.org", null).statusCode()).isZero();
    }
    Http.Response fourth = request(ann, "203.0.113.4", "new4@example.org", null);

    assertThat(fourth.status()).withFailMessage(fourth.pretty()).isEqualTo(429);
    assertThat(fourth.error().getString("id")).isEqualTo("api.process.too_many_requests");
    assertThat(Integer.parseInt(fourth.headers().get("Retry-After"))).isBetween(1, 3600);
    for (int i = 1; i <= 3; i++) {
      Mails.awaitTo(smtp, "new" + i + "@example.org", "");
    }
    assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE recipient = 'new4@example.org'")).isZero();
    assertThat(db.single("SELECT new_email FROM email_changes").getString(0)).isEqualTo("new3@example.org");

    String bob = account("bob@example.com");
    assertThat(request(bob, "203.0.113.5", "bob.new@example.org", null).statusCode()).as("per account").isZero();
  }

  @Test
  void eachRequestSpendsItsSourcesMailRate() {
    start(Map.of("LANYARD_SOURCE_RATE_MAIL", "2/1h"));
    String ann = account("ann@example.com");
    String bob = account("bob@example.com");
    String cy = account("cy@example.com");

    assertThat(request(ann, "198.51.100.9", "ann.new@example.org", null).statusCode()).isZero();
    assertThat(request(bob, "198.51.100.9", "bob.new@example.org", null).statusCode()).isZero();
    Http.Response third = request(cy, "198.51.100.9", "cy.new@example.org", null);

    assertThat(third.status()).isEqualTo(429);
    assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE recipient = 'cy.new@example.org'")).isZero();
    assertThat(request(cy, "198.51.100.10", "cy.new@example.org", null).statusCode()).as("another source").isZero();
  }

  @Test
  void withACaptchaConfiguredARequestWithoutAnAnswerSendsNothing() {
    captcha = new FakeCaptchaProvider();
    start(Map.of("LANYARD_CAPTCHA_PROVIDER", "turnstile", "LANYARD_CAPTCHA_SECRET", SECRET,
      "LANYARD_CAPTCHA_VERIFY_URL", captcha.url()));
    String ann = account("ann@example.com");
    long hashedBefore = app.lanyard().hasher().verifications();

    Http.Response missing = request(ann, "203.0.113.7", "ann.new@example.org", null);

    assertThat(missing.statusCode()).withFailMessage(missing.pretty()).isEqualTo(131);
    assertThat(missing.result().getJsonObject("data").getJsonArray("errors")).isEqualTo(new JsonArray()
      .add(new JsonObject().put("field", "captchaToken").put("reason", "missing")));
    assertThat(app.lanyard().hasher().verifications()).as("no bcrypt run before the CAPTCHA").isEqualTo(hashedBefore);
    assertThat(db.count("SELECT count(*) FROM email_changes")).isZero();

    assertThat(request(ann, "203.0.113.7", "ann.new@example.org", GOOD_TOKEN).statusCode()).isZero();
    Mails.awaitTo(smtp, "ann.new@example.org", "");
  }

  private void start(Map<String, String> more) {
    Map<String, String> env = new HashMap<>(Map.of("LANYARD_HTTP_TRUSTED_PROXIES", "127.0.0.1",
      "LANYARD_SOURCE_RATE_CREDENTIALS", "off"));
    env.putAll(more);
    app = TestApp.start(env);
    fair = Fixtures.lifecycleApp(app, "fair");
  }

  /** An account of the fair's application, logged in: its token. */
  private String account(String email) {
    app.http().post("/_plugin/Vendor/user/createWithPassword", creation(email, fair.token(), Accounts.PASSWORD, false)
      .put("captchaToken", GOOD_TOKEN));
    return Accounts.login(app, email);
  }

  private Http.Response request(String jwt, String source, String newEmail, String captchaToken) {
    JsonObject body = new JsonObject().put("newEmail", newEmail).put("currentPassword", Accounts.PASSWORD);
    if (captchaToken != null) {
      body.put("captchaToken", captchaToken);
    }
    MultiMap headers = Http.bearer(jwt).add("X-Forwarded-For", source);
    return app.http().send(HttpMethod.POST, REQUEST, body.toBuffer(), headers);
  }
}
