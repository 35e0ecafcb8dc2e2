package io.lanyard.web.pages;

import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.FakeCaptchaProvider;
import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.lanyard.testing.UserAgent;
import io.vertx.core.MultiMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.lanyard.testing.FakeCaptchaProvider.GOOD_TOKEN;
import static io.lanyard.testing.FakeCaptchaProvider.SECRET;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The limits of "create an account" on a client's login page are those of {@code /user/create}: the CAPTCHA (a fake provider
 * answering as Turnstile's siteverify, told the person's address) and the per-source mail rate (3 a minute here), counted for
 * the source a trusted proxy names, alike for an address that has an account and one that has none.
 */
class OidcSignupLimitsIT {

  private static final String SITE_KEY = "1x00000000000000000000AA";
  private static final String RESPONSE_FIELD = "cf-turnstile-response";

  private static FakeCaptchaProvider provider;
  private static TestApp app;

  private final TestDb db = TestDb.get();
  private final Smtp smtp = Smtp.shared();
  private String clientId;

  @BeforeAll
  static void serviceWithACaptchaAndARate() {
    provider = new FakeCaptchaProvider();
    app = OidcProviderApp.start(Map.of("LANYARD_HTTP_TRUSTED_PROXIES", "127.0.0.1",
      "LANYARD_CAPTCHA_PROVIDER", "turnstile", "LANYARD_CAPTCHA_SECRET", SECRET,
      "LANYARD_CAPTCHA_VERIFY_URL", provider.url(), "LANYARD_CAPTCHA_SITE_KEY", SITE_KEY,
      "LANYARD_SOURCE_RATE_MAIL", "3/1m"));
  }

  @AfterAll
  static void stop() {
    app.close();
    provider.close();
  }

  @BeforeEach
  void clientOfferingSignUp() {
    db.truncate();
    smtp.clear();
    provider.reset();
    Cli.Run run = Cli.run("apps", "oidc", "--app", "shop", "--first-party", "--signup-salon", "salon-2026",
      "--redirect-uri", "https://shop.fair.example/callback");
    assertThat(run.exitCode()).as(run.err()).isZero();
    clientId = run.lines().stream().filter(line -> line.startsWith("client_id\t")).findFirst().orElseThrow().split("\t")[1];
    app.reloadCaches();
  }

  /** A test's mail is delivered before the next one clears the mailbox and counts what arrives. */
  @AfterEach
  void mailOfTheTestDelivered() {
    Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'pending'") == 0,
      "the test's mail delivered");
  }

  @Test
  void theCaptchaIsAskedForAndCheckedWithThePersonsAddressBeforeAnythingIsWritten() {
    UserAgent browser = UserAgent.from(OidcProviderApp.issuer(app), "203.0.113.60");
    UserAgent.Page form = signUpPage(browser);
    assertThat(form.body()).contains(SITE_KEY);
    assertThat(form.header("Content-Security-Policy").orElseThrow()).contains("challenges.cloudflare.com");

    UserAgent.Page without = browser.submit(form, Map.of("email", "bob@example.com"));
    assertThat(without.status()).isEqualTo(400);
    assertThat(without.body()).contains("id=\"captcha-error\"");
    provider.refuseWith("invalid-input-response");
    UserAgent.Page rejected = browser.submit(signUpPage(browser), Map.of("email", "bob@example.com", RESPONSE_FIELD, "bad"));
    assertThat(rejected.status()).isEqualTo(400);
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
    smtp.assertNoMoreThan(0, Duration.ofMillis(300));

    provider.reset();
    UserAgent.Page sent = browser.submit(signUpPage(browser), Map.of("email", "bob@example.com", RESPONSE_FIELD, GOOD_TOKEN));
    assertThat(sent.status()).isEqualTo(200);
    assertThat(sent.body()).contains("Check your e-mail");
    assertThat(db.count("SELECT count(*) FROM users WHERE email = 'bob@example.com' AND status = 'pending'")).isOne();
    List<MultiMap> asked = provider.received();
    assertThat(asked).isNotEmpty();
    assertThat(asked.get(asked.size() - 1).get("response")).isEqualTo(GOOD_TOKEN);
    assertThat(asked.get(asked.size() - 1).get("remoteip")).isEqualTo("203.0.113.60");
    assertThat(smtp.awaitMessages(1)).hasSize(1);
  }

  @Test
  void theSourcesMailRateRefusesTheFourthAskingAlikeForATakenAddress() {
    UserAgent browser = UserAgent.from(OidcProviderApp.issuer(app), "203.0.113.61");
    for (String email : List.of("a@example.com", "b@example.com", "a@example.com")) {
      UserAgent.Page sent = browser.submit(signUpPage(browser), Map.of("email", email, RESPONSE_FIELD, GOOD_TOKEN));
      assertThat(sent.status()).as(email).isEqualTo(200);
    }

    UserAgent.Page refused = browser.submit(signUpPage(browser), Map.of("email", "c@example.com", RESPONSE_FIELD,
      GOOD_TOKEN));
    assertThat(refused.status()).isEqualTo(429);
    assertThat(refused.header("Retry-After")).isPresent();
    assertThat(refused.body()).contains("Too many attempts");
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(2);

    UserAgent elsewhere = UserAgent.from(OidcProviderApp.issuer(app), "203.0.113.62");
    assertThat(elsewhere.submit(signUpPage(elsewhere), Map.of("email", "c@example.com", RESPONSE_FIELD, GOOD_TOKEN))
      .status()).isEqualTo(200);
  }

  private UserAgent.Page signUpPage(UserAgent browser) {
    UserAgent.Page page = browser.open(URI.create(OidcProviderApp.issuer(app) + "/account/signup?response_type=code"
      + "&scope=openid&client_id=" + clientId + "&redirect_uri=https%3A%2F%2Fshop.fair.example%2Fcallback&state=s"
      + "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256"));
    assertThat(page.status()).isEqualTo(200);
    return page;
  }
}
