package io.lanyard.services.captcha;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.FakeCaptchaProvider;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.LogCapture;
import io.lanyard.testing.Mails;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.lanyard.testing.FakeCaptchaProvider.GOOD_TOKEN;
import static io.lanyard.testing.FakeCaptchaProvider.SECRET;
import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The optional CAPTCHA (docs/decisions.md §7) of create, createWithPassword and requestPasswordReset, and of the hosted "forgot
 * password" page, checked against a fake provider started here: a real HTTP server answering as Turnstile's siteverify does.
 * The service sits behind a trusted proxy, so the source the provider is told is the one {@code X-Forwarded-For} gives.
 */
class CaptchaIT {

  private static final String SOURCE = "203.0.113.50";
  private static final String SITE_KEY = "1x00000000000000000000AA";
  private static final String PLUGIN = "/_plugin/Vendor/user/";
  private static final Pattern FORM_FIELD = Pattern.compile("name=\"form\" value=\"([^\"]+)\"");
  /** The service waits this long for the provider. */
  private static final long TIMEOUT_MILLIS = 1000;

  private static FakeCaptchaProvider provider;
  private static TestApp service;
  private static Http http;
  private final TestDb db = TestDb.get();
  private final Smtp smtp = Smtp.shared();
  private Fixtures.App fair;

  /** One of the three routes, and the body it takes (with a CAPTCHA answer, or none when null). */
  private record CaptchaRoute(String action, Function<Object, JsonObject> body) {

    String path() {
      return PLUGIN + switch (action) {
        case "createUser" -> "create";
        case "createUserWithPassword" -> "createWithPassword";
        default -> "requestPasswordReset";
      };
    }
  }

  @BeforeAll
  static void serviceWithACaptcha() {
    provider = new FakeCaptchaProvider();
    service = TestApp.start(Map.of("LANYARD_HTTP_TRUSTED_PROXIES", "127.0.0.1",
      "LANYARD_CAPTCHA_PROVIDER", "turnstile", "LANYARD_CAPTCHA_SECRET", SECRET,
      "LANYARD_CAPTCHA_VERIFY_URL", provider.url(), "LANYARD_CAPTCHA_SITE_KEY", SITE_KEY,
      "LANYARD_CAPTCHA_TIMEOUT", TIMEOUT_MILLIS + "ms",
      // the CAPTCHA alone is under test here: one source sends everything
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
    fair = Fixtures.lifecycleApp(service, "fair");
    Accounts.createActive(service, "ann@example.com");
    provider.reset();
  }

  @AfterEach
  void providerBackUp() {
    provider.reset();
  }

  @Test
  void aTokenThatPassesLetsEachRouteDoItsWorkAndTheProviderIsToldTheSecretTokenAndSource() {
    Http.Response byLink = post(PLUGIN + "create", creation("bob@example.com", fair.token(), null, null)
      .put("captchaToken", GOOD_TOKEN));
    Http.Response withPassword = post(PLUGIN + "createWithPassword", creation("cy@example.com", fair.token(),
      Accounts.PASSWORD, false).put("captchaToken", GOOD_TOKEN));
    Http.Response reset = post(PLUGIN + "requestPasswordReset", new JsonObject().put("email", "cy@example.com")
      .put("fromThirdParty", fair.token()).put("captchaToken", GOOD_TOKEN));

    assertThat(byLink.statusCode()).withFailMessage(byLink.pretty()).isZero();
    assertThat(withPassword.statusCode()).withFailMessage(withPassword.pretty()).isZero();
    assertThat(reset.statusCode()).withFailMessage(reset.pretty()).isZero();
    assertThat(db.single("SELECT status FROM users WHERE email = 'bob@example.com'").getString(0)).isEqualTo("pending");
    assertThat(db.single("SELECT status FROM users WHERE email = 'cy@example.com'").getString(0)).isEqualTo("active");
    Mails.awaitTo(smtp, "bob@example.com", "");
    Mails.awaitTo(smtp, "cy@example.com", "Reset your password");
    List<MultiMap> asked = provider.received();
    assertThat(asked).hasSize(3);
    for (MultiMap form : asked) {
      assertThat(form.get("secret")).isEqualTo(SECRET);
      assertThat(form.get("response")).isEqualTo(GOOD_TOKEN);
      assertThat(form.get("remoteip")).isEqualTo(SOURCE);
    }
  }

  @Test
  void aMissingTokenIs131NamingItOnEveryRouteWithoutAskingTheProviderOrWritingAnything() {
    for (CaptchaRoute route : routes()) {
      for (Object missing : new Object[] {null, "", "   "}) {
        Http.Response refused = post(route.path(), route.body().apply(missing));

        assertRefused(refused, route, 131, "missing");
      }
    }

    assertThat(provider.received()).isEmpty();
    assertNothingWritten();
  }

  @Test
  void aTokenTheProviderRefusesIs190NamingItAndNothingIsWritten() {
    for (CaptchaRoute route : routes()) {
      Http.Response refused = post(route.path(), route.body().apply("forged-or-reused-token"));
      Http.Response notAString = post(route.path(), route.body().apply(12345));

      assertRefused(refused, route, 190, "rejected");
      assertRefused(notAString, route, 190, "not_a_string");
    }

    assertThat(provider.received()).hasSize(3).allMatch(form -> form.get("response").equals("forged-or-reused-token"));
    assertNothingWritten();
  }

  @Test
  void aSlowProviderIsTheRoutesInternalCodeWithinTheTimeout() {
    provider.answerAfter(TIMEOUT_MILLIS * 10);

    assertInternalFailureOnEveryRoute(GOOD_TOKEN);
  }

  @Test
  void anUnreachableProviderIsTheRoutesInternalCode() {
    provider.stop();
    try {
      assertInternalFailureOnEveryRoute(GOOD_TOKEN);
    } finally {
      provider.start();
    }
  }

  @Test
  void aProviderAnsweringSomethingElseIsTheRoutesInternalCode() {
    provider.answerGarbage("<html><body>502 Bad Gateway</body></html>");

    assertInternalFailureOnEveryRoute(GOOD_TOKEN);
  }

  @Test
  void aProviderRefusingOurSecretBlamesTheConfigurationNotThePerson() {
    provider.refuseWith("invalid-input-secret");

    assertInternalFailureOnEveryRoute("a token the person solved");
  }

  @Test
  void aRetryWithItsIdempotencyKeyGetsItsFirstReplyWhateverItsNewToken() {
    MultiMap key = headers().add("Idempotency-Key", "retry-after-a-lost-reply");
    JsonObject body = creation("bob@example.com", fair.token(), Accounts.PASSWORD, false);

    Http.Response first = http.send(HttpMethod.POST, PLUGIN + "createWithPassword",
      body.copy().put("captchaToken", GOOD_TOKEN).toBuffer(), key);
    Http.Response retry = http.send(HttpMethod.POST, PLUGIN + "createWithPassword",
      body.copy().put("captchaToken", "a new token the widget gave").toBuffer(), key);

    assertThat(first.statusCode()).isZero();
    assertThat(retry.status()).withFailMessage(retry.pretty()).isEqualTo(200);
    assertThat(retry.statusCode()).isZero();
    assertThat(provider.received()).as("the replay is not checked again: its first request was").hasSize(1);
    assertThat(db.count("SELECT count(*) FROM users WHERE email = 'bob@example.com'")).isEqualTo(1);
  }

  @Test
  void theForgotPageCarriesTheProvidersWidgetAndOnlyItWidensItsPolicy() {
    Http.Response forgot = get("/account/forgot");
    Http.Response activate = get("/account/activate?token=" + "A".repeat(43));

    assertThat(forgot.status()).isEqualTo(200);
    assertThat(forgot.text()).contains("<div class=\"cf-turnstile\" data-sitekey=\"" + SITE_KEY + "\"",
      "<script src=\"https://challenges.cloudflare.com/turnstile/v0/api.js\" async defer></script>");
    assertThat(forgot.headers().get("Content-Security-Policy")).contains("default-src 'none'",
      "script-src https://challenges.cloudflare.com;", "frame-src https://challenges.cloudflare.com;", "form-action 'self'",
      "frame-ancestors 'none'").doesNotContain("unsafe");
    assertThat(activate.headers().get("Content-Security-Policy")).doesNotContain("script-src").doesNotContain("frame-src");
    assertThat(activate.text()).doesNotContain("<script");
  }

  @Test
  void theForgotPagePassesTheWidgetsAnswerOnAndSaysItsRefusalsNextToIt() {
    assertThat(post(PLUGIN + "createWithPassword", creation("eve@example.com", fair.token(), Accounts.PASSWORD, false)
      .put("captchaToken", GOOD_TOKEN)).statusCode()).isZero();
    provider.reset();

    Http.Response missing = forgot("eve@example.com", null);
    Http.Response refused = forgot("eve@example.com", "forged-or-reused-token");
    Http.Response passed = forgot("eve@example.com", GOOD_TOKEN);

    assertThat(missing.status()).isEqualTo(400);
    assertThat(missing.text()).contains("id=\"captcha-error\"", "Confirm that you are a person", "href=\"#captcha\"");
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.text()).contains("We could not confirm that you are a person");
    assertThat(passed.status()).withFailMessage(passed.text()).isEqualTo(200);
    assertThat(passed.text()).contains("Check your e-mail");
    assertThat(provider.received()).hasSize(2);
    assertThat(provider.received().get(1).get("response")).isEqualTo(GOOD_TOKEN);
    assertThat(provider.received().get(1).get("remoteip")).isEqualTo(SOURCE);
    Mails.awaitTo(smtp, "eve@example.com", "Reset your password");
    assertThat(smtp.assertNoMoreThan(1, Duration.ofMillis(500))).hasSize(1);
  }

  @Test
  void theForgotPageSaysSoWhenTheProviderCannotAnswer() {
    provider.stop();
    Http.Response failed;
    try {
      failed = forgot("ann@example.com", GOOD_TOKEN);
    } finally {
      provider.start();
    }

    assertThat(failed.status()).isEqualTo(500);
    assertThat(failed.text()).doesNotContain("Check your e-mail").doesNotContain(GOOD_TOKEN);
    assertThat(db.count("SELECT count(*) FROM password_resets")).isZero();
  }

  /**
   * Every route answers its internal code, 1, within the timeout (and a margin for a busy machine, well under the slow
   * provider's delay); one log line each, no secret in any.
   */
  private void assertInternalFailureOnEveryRoute(String token) {
    List<ILoggingEvent> logged;
    try (LogCapture log = LogCapture.everything()) {
      for (CaptchaRoute route : routes()) {
        long started = System.nanoTime();
        Http.Response failed = post(route.path(), route.body().apply(token));

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(TIMEOUT_MILLIS + 3000));
        assertThat(failed.status()).isEqualTo(200);
        assertThat(failed.body().getString("action")).isEqualTo(route.action());
        assertThat(failed.result()).isEqualTo(new JsonObject().put("statusCode", 1).put("message", "generic_error"));
      }
      logged = log.warnings();
    }

    assertNothingWritten();
    List<ILoggingEvent> captcha = logged.stream().filter(event -> event.getThrowableProxy() != null
      && event.getThrowableProxy().getMessage().startsWith("The CAPTCHA provider (turnstile)")).toList();
    assertThat(captcha).as("one line per request").hasSize(3);
    assertThat(captcha).allMatch(event -> event.getLevel() == Level.ERROR
      && event.getThrowableProxy().getStackTraceElementProxyArray().length == 0);
    for (ILoggingEvent event : logged) {
      String text = event.getFormattedMessage() + (event.getThrowableProxy() == null ? "" : event.getThrowableProxy().getMessage());
      assertThat(text).doesNotContain(token).doesNotContain(SECRET);
    }
  }

  private void assertRefused(Http.Response refused, CaptchaRoute route, int statusCode, String reason) {
    assertThat(refused.status()).withFailMessage(refused.pretty()).isEqualTo(200);
    assertThat(refused.body().getString("action")).isEqualTo(route.action());
    assertThat(refused.result()).isEqualTo(new JsonObject().put("statusCode", statusCode).put("message", "generic_error")
      .put("data", new JsonObject().put("errors", new JsonArray().add(new JsonObject().put("field", "captchaToken")
        .put("reason", reason)))));
  }

  /** Only the fixture's account, and no mail of any kind. */
  private void assertNothingWritten() {
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM password_resets")).isZero();
    assertThat(db.count("SELECT count(*) FROM account_links")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
    assertThat(db.count("SELECT count(*) FROM password_reset_requests")).isZero();
  }

  private List<CaptchaRoute> routes() {
    return List.of(
      new CaptchaRoute("createUser", token -> withToken(creation("bob@example.com", fair.token(), null, null), token)),
      new CaptchaRoute("createUserWithPassword",
        token -> withToken(creation("cy@example.com", fair.token(), Accounts.PASSWORD, true), token)),
      new CaptchaRoute("requestPasswordReset",
        token -> withToken(new JsonObject().put("email", "ann@example.com").put("fromThirdParty", fair.token()), token)));
  }

  private static JsonObject withToken(JsonObject body, Object token) {
    return token == null ? body : body.put("captchaToken", token);
  }

  private static Http.Response post(String path, JsonObject body) {
    return http.send(HttpMethod.POST, path, body.toBuffer(), headers());
  }

  private static Http.Response get(String path) {
    return http.send(HttpMethod.GET, path, null, headers());
  }

  /** The forgot page's form as a browser sends it after the widget ran (its field absent when it did not). */
  private static Http.Response forgot(String email, String widgetAnswer) {
    Http.Response shown = get("/account/forgot");
    Matcher field = FORM_FIELD.matcher(shown.text());
    assertThat(field.find()).isTrue();
    String form = "form=" + enc(field.group(1)) + "&lang=eng-GB&email=" + enc(email)
      + (widgetAnswer == null ? "" : "&cf-turnstile-response=" + enc(widgetAnswer));
    MultiMap headers = headers().add("Content-Type", "application/x-www-form-urlencoded")
      .add("Cookie", shown.headers().get("Set-Cookie").split(";")[0]);
    return http.send(HttpMethod.POST, "/account/forgot", Buffer.buffer(form), headers);
  }

  private static MultiMap headers() {
    return MultiMap.caseInsensitiveMultiMap().add("X-Forwarded-For", SOURCE);
  }

  private static String enc(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
