package io.lanyard.services.captcha;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.FakeCaptchaProvider;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static io.lanyard.testing.FakeCaptchaProvider.GOOD_TOKEN;
import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code captcha.hostnames}: a right answer solved on a page of another host (the site key is public: anyone's page can show
 * the widget) is refused like a wrong one, checked against a fake provider started here that names the host it was solved on.
 */
class CaptchaHostnamesIT {

  private static final String PLUGIN = "/_plugin/Vendor/user/";

  private static FakeCaptchaProvider provider;
  private static TestApp service;
  private static Http http;
  private final TestDb db = TestDb.get();
  private final Smtp smtp = Smtp.shared();
  private Fixtures.App fair;

  @BeforeAll
  static void serviceThatKnowsItsPages() {
    provider = new FakeCaptchaProvider();
    service = TestApp.start(Map.of("LANYARD_CAPTCHA_PROVIDER", "turnstile",
      "LANYARD_CAPTCHA_SECRET", FakeCaptchaProvider.SECRET, "LANYARD_CAPTCHA_VERIFY_URL", provider.url(),
      "LANYARD_CAPTCHA_HOSTNAMES", "accounts.fair.example, Fair.Example",
      "LANYARD_SOURCE_RATE_MAIL", "off", "LANYARD_SOURCE_RATE_CREDENTIALS", "off"));
    http = service.http();
  }

  @AfterAll
  static void stop() {
    service.close();
    provider.close();
  }

  @BeforeEach
  void fairWithAnAccount() {
    db.truncate();
    smtp.clear();
    provider.reset();
    fair = Fixtures.lifecycleApp(service, "fair");
    Accounts.createActive(service, "ann@example.com");
  }

  @Test
  void anAnswerSolvedOnAListedHostPasses() {
    provider.solvedOn("fair.example");

    Http.Response created = createCy();
    Http.Response reset = http.post(PLUGIN + "requestPasswordReset", resetBody());

    assertThat(created.statusCode()).withFailMessage(created.pretty()).isZero();
    assertThat(reset.statusCode()).withFailMessage(reset.pretty()).isZero();
    assertThat(db.count("SELECT count(*) FROM users WHERE email = 'cy@example.com'")).isEqualTo(1);
    Mails.awaitTo(smtp, "ann@example.com", "Reset your password");
  }

  @Test
  void anAnswerSolvedOnAnotherHostIsRefusedAs190AndNothingIsWritten() {
    provider.solvedOn("phish.example");

    Http.Response created = createCy();
    Http.Response reset = http.post(PLUGIN + "requestPasswordReset", resetBody());

    assertThat(provider.received()).as("the provider was asked both times").hasSize(2);
    for (Http.Response refused : new Http.Response[] {created, reset}) {
      assertThat(refused.result()).withFailMessage(refused.pretty()).isEqualTo(new JsonObject().put("statusCode", 190)
        .put("message", "generic_error").put("data", new JsonObject().put("errors", new JsonArray()
          .add(new JsonObject().put("field", "captchaToken").put("reason", "rejected")))));
    }
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM password_reset_requests")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
    smtp.assertNoMoreThan(0, Duration.ofMillis(300));
  }

  @Test
  void aReplyNamingNoHostIsRefusedToo() {
    provider.solvedOn(null);

    Http.Response reset = http.post(PLUGIN + "requestPasswordReset", resetBody());

    assertThat(reset.statusCode()).withFailMessage(reset.pretty()).isEqualTo(190);
    assertThat(db.count("SELECT count(*) FROM password_reset_requests")).isZero();
  }

  private Http.Response createCy() {
    return http.post(PLUGIN + "createWithPassword", creation("cy@example.com", fair.token(), Accounts.PASSWORD, false)
      .put("captchaToken", GOOD_TOKEN));
  }

  private JsonObject resetBody() {
    return new JsonObject().put("email", "ann@example.com").put("fromThirdParty", fair.token()).put("captchaToken", GOOD_TOKEN);
  }
}
