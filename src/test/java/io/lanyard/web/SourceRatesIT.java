package io.lanyard.web;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-source rates (docs/decisions.md §7) through a service behind a trusted proxy (127.0.0.1, the tests' own address): each
 * test is a few sources of its own, given by {@code X-Forwarded-For}. Rates of {@code 3/1h} (credentials) and {@code 2/1h}
 * (mail) never refill while a test runs; loopback itself, which sets the scene, and 198.51.100.0/24 are allow-listed.
 */
class SourceRatesIT {

  private static final String ANN = "ann@example.com";
  private static final String PLUGIN = "/_plugin/Vendor/user/";
  /** One token of {@code 3/1h} comes back every 20 minutes. */
  private static final long CREDENTIALS_REFILL_SECONDS = 1200;
  /** One token of {@code 2/1h}: every 30 minutes. */
  private static final long MAIL_REFILL_SECONDS = 1800;
  private static final Pattern FORM_FIELD = Pattern.compile("name=\"form\" value=\"([^\"]+)\"");
  private static final AtomicInteger SOURCES = new AtomicInteger(1);

  private static TestApp service;
  private static Http http;
  private final TestDb db = TestDb.get();
  private final Smtp smtp = Smtp.shared();

  @BeforeAll
  static void serviceBehindAProxy() {
    service = TestApp.start(Map.of("LANYARD_HTTP_TRUSTED_PROXIES", "127.0.0.1",
      "LANYARD_SOURCE_RATE_CREDENTIALS", "3/1h", "LANYARD_SOURCE_RATE_MAIL", "2/1h",
      "LANYARD_SOURCE_ALLOWLIST", "127.0.0.1,::1,198.51.100.0/24"));
    http = service.http();
  }

  @AfterAll
  static void stop() {
    service.close();
  }

  @BeforeEach
  void emptyDatabaseAndMailbox() {
    db.truncate();
    smtp.clear();
  }

  @Test
  void aSourceOverTheCredentialsRateGets429WithoutAnyBcryptWhileAnotherSourceLogsIn() {
    Accounts.createActive(service, ANN);
    String attacker = newSource();
    String person = newSource();
    for (int i = 0; i < 3; i++) {
      assertThat(login(attacker, ANN, "not the password " + i).status()).isEqualTo(401);
    }
    long verifications = service.lanyard().hasher().verifications();

    Http.Response refused = login(attacker, ANN, Accounts.PASSWORD);
    Http.Response other = login(person, ANN, Accounts.PASSWORD);

    assertTooManyRequests(refused, "auth", "login", CREDENTIALS_REFILL_SECONDS);
    assertThat(other.status()).withFailMessage(other.pretty()).isEqualTo(200);
    assertThat(service.lanyard().hasher().verifications()).as("one bcrypt run: the other source's login")
      .isEqualTo(verifications + 1);
  }

  @Test
  void everyRouteThatChecksOrSetsAPasswordSpendsTheSameBudgetAndIsRefusedBeforeItReadsOrWrites() {
    Fixtures.App fair = Fixtures.lifecycleApp(service, "fair");
    assertThat(http.post(PLUGIN + "createWithPassword", creation(ANN, fair.token(), Accounts.PASSWORD, false)).statusCode())
      .isZero();
    assertThat(http.post(PLUGIN + "create", creation("bob@example.com", fair.token(), null, null)).statusCode()).isZero();
    String activation = Mails.tokenIn(Mails.awaitTo(smtp, "bob@example.com", ""));
    assertThat(http.post(PLUGIN + "requestPasswordReset", new JsonObject().put("email", ANN).put("fromThirdParty",
      fair.token())).statusCode()).isZero();
    String reset = Mails.tokenIn(Mails.awaitTo(smtp, ANN, ""));
    String jwt = Accounts.login(service, ANN);
    String attacker = newSource();
    for (int i = 0; i < 3; i++) {
      assertThat(login(attacker, "nobody@example.com", "whatever password").status()).isEqualTo(401);
    }
    long verifications = service.lanyard().hasher().verifications();
    smtp.clear();

    assertTooManyRequests(post(attacker, PLUGIN + "createWithPassword", creation("cy@example.com", fair.token(),
      Accounts.PASSWORD, true), null), "Vendor/AuthController", "createUserWithPassword", CREDENTIALS_REFILL_SECONDS);
    assertTooManyRequests(post(attacker, PLUGIN + "activate", new JsonObject().put("token", activation)
      .put("password", "bob's long password"), null), "Vendor/AuthController", "activateUser", CREDENTIALS_REFILL_SECONDS);
    assertTooManyRequests(post(attacker, PLUGIN + "resetPassword", new JsonObject().put("token", reset)
      .put("password", "a new long password"), null), "Vendor/AuthController", "resetPassword", CREDENTIALS_REFILL_SECONDS);
    assertTooManyRequests(send(attacker, HttpMethod.PUT, "/credentials/local/_me/_update", new JsonObject()
        .put("password", "a new long password").put("currentPassword", Accounts.PASSWORD), jwt), "auth", "updateMyCredentials",
      CREDENTIALS_REFILL_SECONDS);
    assertTooManyRequests(post(attacker, PLUGIN + "requestEmailChange", new JsonObject().put("newEmail", "ann.b@example.com")
      .put("currentPassword", Accounts.PASSWORD), jwt), "Vendor/userController", "requestEmailChange", CREDENTIALS_REFILL_SECONDS);
    assertTooManyRequests(post(attacker, PLUGIN + "deleteAccount", new JsonObject().put("currentPassword", Accounts.PASSWORD),
      jwt), "Vendor/userController", "deleteAccount", CREDENTIALS_REFILL_SECONDS);

    assertThat(service.lanyard().hasher().verifications()).isEqualTo(verifications);
    assertThat(db.count("SELECT count(*) FROM users WHERE email = 'cy@example.com'")).isZero();
    assertThat(db.single("SELECT status FROM users WHERE email = 'bob@example.com'").getString(0)).isEqualTo("pending");
    assertThat(db.count("SELECT count(*) FROM account_links WHERE used_at IS NULL")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM password_resets WHERE used_at IS NULL")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM email_changes")).isZero();
    assertThat(db.single("SELECT status FROM users WHERE email = $1", ANN).getString(0)).isEqualTo("active");
    assertThat(smtp.assertNoMoreThan(0, Duration.ofMillis(500))).isEmpty();
    assertThat(http.get("/_me", jwt).status()).as("the caller's session untouched").isEqualTo(200);
    assertThat(Accounts.loginStatus(service, ANN, Accounts.PASSWORD)).isEqualTo(200);
    assertThat(http.post(PLUGIN + "activate", new JsonObject().put("token", activation).put("password", "bob's long password"))
      .statusCode()).as("the link still works from elsewhere").isZero();
  }

  @Test
  void aSourceOverTheMailRateGets429AndMailsNothingWhileItsCredentialsBudgetIsItsOwn() {
    Fixtures.App fair = Fixtures.lifecycleApp(service, "fair");
    String sender = newSource();
    assertThat(post(sender, PLUGIN + "create", creation("a1@example.com", fair.token(), null, null), null).statusCode()).isZero();
    assertThat(post(sender, PLUGIN + "create", creation("a2@example.com", fair.token(), null, null), null).statusCode()).isZero();
    smtp.awaitMessages(2);

    Http.Response third = post(sender, PLUGIN + "create", creation("a3@example.com", fair.token(), null, null), null);
    Http.Response reset = post(sender, PLUGIN + "requestPasswordReset", new JsonObject().put("email", "a1@example.com")
      .put("fromThirdParty", fair.token()), null);
    Http.Response elsewhere = post(newSource(), PLUGIN + "create", creation("b1@example.com", fair.token(), null, null), null);
    Http.Response login = login(sender, "a1@example.com", "not set yet");

    assertTooManyRequests(third, "Vendor/AuthController", "createUser", MAIL_REFILL_SECONDS);
    assertTooManyRequests(reset, "Vendor/AuthController", "requestPasswordReset", MAIL_REFILL_SECONDS);
    assertThat(elsewhere.statusCode()).isZero();
    assertThat(login.status()).as("credentials are another budget").isEqualTo(401);
    assertThat(db.count("SELECT count(*) FROM users WHERE email = 'a3@example.com'")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isEqualTo(3);
    assertThat(db.count("SELECT count(*) FROM password_resets")).isZero();
    smtp.awaitMessages(3);
    assertThat(smtp.assertNoMoreThan(3, Duration.ofMillis(500))).hasSize(3);
  }

  @Test
  void anAllowListedSourceIsNeverLimited() {
    String venue = "198.51.100.7";

    for (int i = 0; i < 8; i++) {
      assertThat(login(venue, "visitor" + i + "@example.com", "a wrong password").status()).isEqualTo(401);
      assertThat(post(venue, PLUGIN + "create", creation("visitor" + i + "@example.com", "no such token", null, null), null)
        .statusCode()).isEqualTo(149);
    }
  }

  @Test
  void ipv6ClientsAreCountedByTheirSlash64() {
    for (int i = 0; i < 3; i++) {
      assertThat(login("2001:db8:7:1::a", "x@example.com", "a wrong password").status()).isEqualTo(401);
    }

    Http.Response sameNetwork = login("2001:db8:7:1:ffff::b", "x@example.com", "a wrong password");
    Http.Response nextNetwork = login("2001:db8:7:2::a", "x@example.com", "a wrong password");

    assertTooManyRequests(sameNetwork, "auth", "login", CREDENTIALS_REFILL_SECONDS);
    assertThat(nextNetwork.status()).isEqualTo(401);
  }

  @Test
  void aPageFormOverTheRateGetsTheTooManyAttemptsPageAndSpendsTheRoutesBudget() {
    Fixtures.App fair = Fixtures.lifecycleApp(service, "fair");
    assertThat(http.post(PLUGIN + "createWithPassword", creation(ANN, fair.token(), Accounts.PASSWORD, false)).statusCode())
      .isZero();
    String person = newSource();
    double countedBefore = throttled("page:/account/forgot");
    Http.Response shown = send(person, HttpMethod.GET, "/account/forgot", null, null);
    String cookie = shown.headers().get("Set-Cookie").split(";")[0];
    String form = "form=" + enc(field(shown)) + "&email=" + enc(ANN) + "&lang=eng-GB";

    Http.Response first = postForm(person, "/account/forgot", form, cookie);
    Http.Response second = postForm(person, "/account/forgot", form, cookie);
    Http.Response third = postForm(person, "/account/forgot", form, cookie);
    Http.Response api = post(person, PLUGIN + "requestPasswordReset", new JsonObject().put("email", ANN)
      .put("fromThirdParty", fair.token()), null);

    assertThat(first.status()).withFailMessage(first.text()).isEqualTo(200);
    assertThat(second.status()).isEqualTo(200);
    assertThat(third.status()).isEqualTo(429);
    assertThat(third.headers().get("Content-Type")).isEqualTo("text/html; charset=utf-8");
    assertThat(Long.parseLong(third.headers().get("Retry-After"))).isBetween(MAIL_REFILL_SECONDS - 10, MAIL_REFILL_SECONDS);
    assertThat(third.headers().get("Content-Security-Policy")).contains("default-src 'none'").doesNotContain("script-src");
    assertThat(third.text()).contains("Too many attempts", "Please try again in 30 minutes.");
    assertTooManyRequests(api, "Vendor/AuthController", "requestPasswordReset", MAIL_REFILL_SECONDS);
    smtp.awaitMessages(2);
    assertThat(smtp.assertNoMoreThan(2, Duration.ofMillis(700))).hasSize(2);
    assertThat(throttled("page:/account/forgot")).isEqualTo(countedBefore + 1);
  }

  @Test
  void theActivationPageSpendsTheCredentialsBudgetEvenOnRefusedFormsAndThenChangesNothing() {
    Fixtures.App fair = Fixtures.lifecycleApp(service, "fair");
    assertThat(http.post(PLUGIN + "create", creation("bob@example.com", fair.token(), null, null)).statusCode()).isZero();
    String token = Mails.tokenIn(Mails.awaitTo(smtp, "bob@example.com", ""));
    String person = newSource();
    Http.Response shown = send(person, HttpMethod.GET, "/account/activate?token=" + token, null, null);
    String cookie = shown.headers().get("Set-Cookie").split(";")[0];
    String base = "form=" + enc(field(shown)) + "&token=" + token + "&lang=fre-FR&password=" + enc("bob's long password");
    for (int i = 0; i < 3; i++) {
      assertThat(postForm(person, "/account/activate", base + "&confirmation=" + enc("another one " + i), cookie).status())
        .isEqualTo(400);
    }

    Http.Response refused = postForm(person, "/account/activate", base + "&confirmation=" + enc("bob's long password"),
      cookie);

    assertThat(refused.status()).isEqualTo(429);
    assertThat(Long.parseLong(refused.headers().get("Retry-After"))).isBetween(CREDENTIALS_REFILL_SECONDS - 10,
      CREDENTIALS_REFILL_SECONDS);
    assertThat(refused.text()).contains("<html lang=\"fr\">", "Trop de tentatives", "20 minutes");
    assertThat(db.single("SELECT status FROM users").getString(0)).isEqualTo("pending");
    assertThat(db.count("SELECT count(*) FROM account_links WHERE used_at IS NULL")).isEqualTo(1);
  }

  @Test
  void refusalsAreCountedByOperationAndReasonInTheMetrics() {
    String attacker = newSource();
    double before = throttled("login");
    for (int i = 0; i < 5; i++) {
      login(attacker, "x@example.com", "a wrong password");
    }

    assertThat(throttled("login")).isEqualTo(before + 2);
  }

  @Test
  void everyRatedActionIsARouteOfTheTable() {
    // the passkey routes exist only with a public address to be a relying party for
    JsonObject table;
    try (TestApp provider = TestApp.start(Map.of("LANYARD_PUBLIC_URL", "http://localhost:7512"))) {
      table = provider.http().get("/_publicApi").result();
    }
    Set<String> actions = new HashSet<>();
    table.forEach(controller -> actions.addAll(((JsonObject) controller.getValue()).fieldNames()));

    assertThat(actions).containsAll(Arrays.stream(Action.values()).filter(action -> !action.sourceRates().isEmpty())
      .map(Action::wireName).toList());
  }

  /** The 429 of a per-source rate, field by field; {@code Retry-After} the wait for the next token. */
  private static void assertTooManyRequests(Http.Response response, String controller, String action, long refillSeconds) {
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(429);
    JsonObject body = response.body();
    assertThat(List.copyOf(body.fieldNames())).containsExactly("requestId", "status", "error", "controller", "action",
      "collection", "index", "volatile", "result");
    assertThat(body.getInteger("status")).isEqualTo(429);
    assertThat(body.getJsonObject("error")).isEqualTo(new JsonObject().put("message", "Too many requests").put("status", 429)
      .put("stack", "TooManyRequestsError: Too many requests").put("id", "api.process.too_many_requests"));
    assertThat(body.getString("controller")).isEqualTo(controller);
    assertThat(body.getString("action")).isEqualTo(action);
    assertThat(body.getValue("result")).isNull();
    assertThat(body.getString("requestId")).isEqualTo(response.headers().get("X-Kuzzle-Request-Id"));
    assertThat(Long.parseLong(response.headers().get("Retry-After"))).isBetween(refillSeconds - 10, refillSeconds);
  }

  /** {@code lanyard_requests_throttled_total} for this operation and the per-source reason, 0 before the first. */
  private static double throttled(String operation) {
    Matcher line = Pattern.compile("lanyard_requests_throttled_total\\{operation=\"" + Pattern.quote(operation)
      + "\",reason=\"source_rate\"} (\\S+)").matcher(http.get("/metrics").text());
    return line.find() ? Double.parseDouble(line.group(1)) : 0;
  }

  private static String newSource() {
    return "203.0.113." + SOURCES.getAndIncrement();
  }

  private static Http.Response login(String source, String username, String password) {
    return post(source, "/_login/local", new JsonObject().put("username", username).put("password", password), null);
  }

  private static Http.Response post(String source, String path, JsonObject body, String jwt) {
    return send(source, HttpMethod.POST, path, body, jwt);
  }

  private static Http.Response send(String source, HttpMethod method, String path, JsonObject body, String jwt) {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("X-Forwarded-For", source);
    if (jwt != null) {
      headers.add("Authorization", "Bearer " + jwt);
    }
    return http.send(method, path, body == null ? null : body.toBuffer(), headers);
  }

  private static Http.Response postForm(String source, String path, String form, String cookie) {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("X-Forwarded-For", source).add("Cookie", cookie)
      .add("Content-Type", "application/x-www-form-urlencoded");
    return http.send(HttpMethod.POST, path, Buffer.buffer(form), headers);
  }

  private static String field(Http.Response page) {
    Matcher field = FORM_FIELD.matcher(page.text());
    assertThat(field.find()).withFailMessage(page.text()).isTrue();
    return field.group(1);
  }

  private static String enc(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
