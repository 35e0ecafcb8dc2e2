package io.lanyard.signin;

import io.lanyard.model.accounts.LoginLockout;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.lanyard.testing.Await.await;
import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-identifier lockout (docs/decisions.md §7): after 3 consecutive failures (this service's setting) an identifier is locked
 * 10 s, doubled at each further failure up to 30 s; while locked every login for it answers 429 with no bcrypt run, the right
 * password included, whether or not an account has that name. Time passing is simulated in the table, never waited for.
 */
class LockoutIT {

  private static final String EMAIL = "ann@example.com";
  private static final String WRONG = "not the password";
  // A long hash queue budget: the bursts below come from one source and must reach the lockout, not the hash queue's
  // share (on a loaded machine a cold JVM's first hashes are slow, and the queue they allow a lone source was 10 places)
  private static final Map<String, String> SETTINGS = Map.of("LANYARD_LOCKOUT_FAILURES", "3", "LANYARD_LOCKOUT_WAIT", "10s",
    "LANYARD_LOCKOUT_MAX_WAIT", "30s", "LANYARD_LOCKOUT_WINDOW", "12h", "LANYARD_HASH_QUEUE_BUDGET", "30s");

  private static TestApp app;
  private static Http http;
  private final TestDb db = TestDb.get();

  @BeforeAll
  static void start() {
    app = TestApp.start(SETTINGS);
    http = app.http();
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void oneAccount() {
    db.truncate();
    Smtp.shared().clear();
    Accounts.createActive(app, EMAIL);
  }

  @Test
  void afterTheThresholdEvenTheRightPasswordIs429WithoutHashing() {
    failLogins(EMAIL, 3);
    long hashedBefore = app.lanyard().hasher().verifications();

    Http.Response locked = login(EMAIL, Accounts.PASSWORD);

    assertLocked(locked, 10);
    assertThat(app.lanyard().hasher().verifications()).isEqualTo(hashedBefore);
  }

  @Test
  void anUnknownIdentifierIsLockedAlike() {
    failLogins("nobody@example.com", 3);

    Http.Response known = login(EMAIL, WRONG);
    Http.Response unknown = login("nobody@example.com", Accounts.PASSWORD);

    assertThat(known.status()).isEqualTo(401);
    assertLocked(unknown, 10);
  }

  @Test
  void caseAndUnicodeVariantsOfAnIdentifierCountAsOne() {
    login("Ann@Example.COM", WRONG);
    login(" ａｎｎ@example.com", WRONG);
    login("ANN@EXAMPLE.COM", WRONG);

    assertLocked(login(EMAIL, Accounts.PASSWORD), 10);
  }

  @Test
  void theCapitalSharpSFindsTheAccountWhoseLockItCounts() {
    Accounts.createActive(app, "strasse@example.com");

    assertThat(login("STRA\u1e9eE@example.com", Accounts.PASSWORD).status()).as("one form for the lookup").isEqualTo(200);
    failLogins("STRA\u1e9eE@example.com", 3);

    assertLocked(login("strasse@example.com", Accounts.PASSWORD), 10);
  }

  @Test
  void eachFurtherFailureDoublesTheWaitUpToTheMaximum() {
    failLogins(EMAIL, 3);
    assertLocked(login(EMAIL, WRONG), 10);
    assertThat(lockSeconds()).isEqualTo(10);

    lockEnds();
    login(EMAIL, WRONG);
    assertLocked(login(EMAIL, WRONG), 20);
    assertThat(lockSeconds()).isEqualTo(20);

    lockEnds();
    login(EMAIL, WRONG);
    assertLocked(login(EMAIL, WRONG), 30);
    assertThat(lockSeconds()).isEqualTo(30);

    lockEnds();
    login(EMAIL, WRONG);
    assertLocked(login(EMAIL, WRONG), 30);
    assertThat(lockSeconds()).isEqualTo(30);
  }

  @Test
  void aSuccessClearsTheCount() {
    failLogins(EMAIL, 2);

    assertThat(login(EMAIL, Accounts.PASSWORD).status()).isEqualTo(200);
    failLogins(EMAIL, 2);

    assertThat(login(EMAIL, Accounts.PASSWORD).status()).isEqualTo(200);
    assertThat(db.count("SELECT count(*) FROM login_lockouts")).isZero();
  }

  @Test
  void theRightPasswordAfterTheLockEndsLogsInAndClearsIt() {
    failLogins(EMAIL, 3);
    lockEnds();

    assertThat(login(EMAIL, Accounts.PASSWORD).status()).isEqualTo(200);
    assertThat(login(EMAIL, WRONG).status()).as("counted from zero again").isEqualTo(401);
    assertThat(login(EMAIL, WRONG).status()).isEqualTo(401);
  }

  @Test
  void failuresOlderThanTheWindowAreForgotten() {
    failLogins(EMAIL, 2);
    db.query("UPDATE login_lockouts SET last_failure_at = now() - interval '13 hours'");

    failLogins(EMAIL, 2);

    assertThat(login(EMAIL, Accounts.PASSWORD).status()).isEqualTo(200);
  }

  @Test
  void aBurstOfConcurrentGuessesGetsNoMoreHashesThanTheThreshold() {
    long hashedBefore = app.lanyard().hasher().verifications();
    Http many = app.http(20);
    List<Future<Http.Response>> burst = new ArrayList<>();

    for (int i = 0; i < 20; i++) {
      burst.add(many.postAsync("/_login/local", credentials(EMAIL, WRONG + i)));
    }
    await(Future.join(burst));

    List<String> replies = burst.stream().map(reply -> reply.result().status() + " " + reply.result().text()).toList();
    assertThat(burst.stream().filter(reply -> reply.result().status() == 401).count()).as("%s", replies).isEqualTo(3);
    assertThat(burst.stream().filter(reply -> reply.result().status() == 429).count()).as("%s", replies).isEqualTo(17);
    assertThat(app.lanyard().hasher().verifications() - hashedBefore).isEqualTo(3);
  }

  @Test
  void onceALockEndsGuessesAreCheckedOneAtATime() {
    failLogins(EMAIL, 3);
    lockEnds();
    long hashedBefore = app.lanyard().hasher().verifications();
    Http many = app.http(10);
    List<Future<Http.Response>> burst = new ArrayList<>();

    for (int i = 0; i < 10; i++) {
      burst.add(many.postAsync("/_login/local", credentials(EMAIL, WRONG + i)));
    }
    await(Future.join(burst));

    assertThat(burst.stream().filter(reply -> reply.result().status() == 401).count()).isEqualTo(1);
    assertThat(burst.stream().filter(reply -> reply.result().status() == 429).count()).isEqualTo(9);
    assertThat(app.lanyard().hasher().verifications() - hashedBefore).isEqualTo(1);
    assertThat(lockSeconds()).as("the one failure locked the name again, for twice as long").isEqualTo(20);
  }

  @Test
  void aBurstOfRightPasswordsNeverLocksTheName() {
    Http many = app.http(12);
    List<Future<Http.Response>> burst = new ArrayList<>();

    for (int i = 0; i < 12; i++) {
      burst.add(many.postAsync("/_login/local", credentials(EMAIL, Accounts.PASSWORD)));
    }
    await(Future.join(burst));

    for (Future<Http.Response> reply : burst) {
      Http.Response response = reply.result();
      assertThat(response.status()).withFailMessage(response.pretty()).isIn(200, 429);
      if (response.status() == 429) {
        assertThat(response.headers().get("Retry-After")).as("others are being checked, nothing is locked").isEqualTo("1");
      }
    }
    assertThat(burst.stream().filter(reply -> reply.result().status() == 200).count()).isGreaterThanOrEqualTo(3);
    assertThat(login(EMAIL, Accounts.PASSWORD).status()).isEqualTo(200);
    assertThat(db.count("SELECT count(*) FROM login_lockouts WHERE failures > 0 OR locked_until IS NOT NULL")).isZero();
  }

  @Test
  void everyInstanceSeesTheLock() {
    failLogins(EMAIL, 3);

    try (TestApp other = TestApp.start(SETTINGS)) {
      Http.Response locked = other.http().post("/_login/local", credentials(EMAIL, Accounts.PASSWORD));

      assertLocked(locked, 10);
    }
  }

  @Test
  void theIdentifierIsKeptHashedNeverAsTyped() {
    failLogins(EMAIL, 1);

    assertThat(db.count("SELECT count(*) FROM login_lockouts WHERE identifier_hash = sha256('ann@example.com'::bytea)"))
      .isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM login_lockouts WHERE position('ann'::bytea in identifier_hash) > 0")).isZero();
  }

  @Test
  void countsUntouchedForTheWindowArePrunedAndLiveOnesKept() {
    failLogins(EMAIL, 1);
    failLogins("bob@example.com", 3);
    db.query("UPDATE login_lockouts SET last_failure_at = now() - interval '13 hours', locked_until = NULL "
      + "WHERE identifier_hash = sha256('ann@example.com'::bytea)");

    int pruned = await(new LoginLockout(app.config().security().lockout()).deleteForgotten(app.lanyard().pool()));

    assertThat(pruned).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM login_lockouts WHERE identifier_hash = sha256('bob@example.com'::bytea)"))
      .isEqualTo(1);
  }

  @Test
  void wrongCurrentPasswordsCountTowardTheSameLockAndAreRefusedWhileLocked() {
    String jwt = Accounts.login(app, EMAIL);
    JsonObject change = new JsonObject().put("password", "a brand new password").put("currentPassword", WRONG);

    for (int i = 0; i < 3; i++) {
      assertThat(updateCredentials(jwt, change).status()).isEqualTo(401);
    }
    Http.Response refused = updateCredentials(jwt, change.copy().put("currentPassword", Accounts.PASSWORD));

    assertLocked(refused, 10);
    assertThat(refused.body().getString("action")).isEqualTo("updateMyCredentials");
    assertLocked(login(EMAIL, Accounts.PASSWORD), 10);
  }

  @Test
  void aPasswordResetLiftsTheLock() {
    Fixtures.App fair = Fixtures.lifecycleApp(app, "fair");
    http.post("/_plugin/Vendor/user/createWithPassword", creation("bob@example.com", fair.token(), Accounts.PASSWORD, false));
    failLogins("bob@example.com", 3);

    http.post("/_plugin/Vendor/user/requestPasswordReset", new JsonObject().put("email", "bob@example.com")
      .put("fromThirdParty", fair.token()));
    String token = Mails.tokenIn(Mails.awaitTo(Smtp.shared(), "bob@example.com", "Reset your password"));
    Http.Response reset = http.post("/_plugin/Vendor/user/resetPassword", new JsonObject().put("token", token)
      .put("password", "a brand new password"));

    assertThat(reset.statusCode()).isZero();
    assertThat(login("bob@example.com", "a brand new password").status()).isEqualTo(200);
  }

  @Test
  void locksAreAuditedAndCounted() {
    double locksBefore = metric("lanyard_lockouts_total");
    double refusedBefore = metric("lanyard_requests_throttled_total{operation=\"login\",reason=\"lockout\"}");

    failLogins(EMAIL, 3);
    login(EMAIL, Accounts.PASSWORD);

    awaitAudit("SELECT count(*) FROM audit_events WHERE kind = 'login.locked' AND detail = 'lock_started' "
      + "AND identifier = 'ann@example.com' AND source = '127.0.0.1'", 1);
    awaitAudit("SELECT count(*) FROM audit_events WHERE kind = 'login.locked' AND detail = 'locked' "
      + "AND identifier = 'ann@example.com'", 1);
    assertThat(metric("lanyard_lockouts_total")).isEqualTo(locksBefore + 1);
    assertThat(metric("lanyard_requests_throttled_total{operation=\"login\",reason=\"lockout\"}")).isEqualTo(refusedBefore + 1);
  }

  @Test
  void noLockoutWhenItIsTurnedOff() {
    try (TestApp unlimited = TestApp.start(Map.of("LANYARD_LOCKOUT_FAILURES", "0"))) {
      for (int i = 0; i < 12; i++) {
        assertThat(unlimited.http().post("/_login/local", credentials(EMAIL, WRONG)).status()).isEqualTo(401);
      }

      assertThat(unlimited.http().post("/_login/local", credentials(EMAIL, Accounts.PASSWORD)).status()).isEqualTo(200);
      assertThat(db.count("SELECT count(*) FROM login_lockouts")).isZero();
    }
  }

  private void failLogins(String identifier, int times) {
    for (int i = 0; i < times; i++) {
      Http.Response response = login(identifier, WRONG);
      assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(401);
    }
  }

  /** The length of the lock the last failure started, from the table (the reply's Retry-After is what is left of it). */
  private long lockSeconds() {
    return db.single("SELECT extract(epoch FROM locked_until - last_failure_at)::bigint FROM login_lockouts").getLong(0);
  }

  /** The time of the lock passes: what a wait of its length would do, without the wait. */
  private void lockEnds() {
    db.query("UPDATE login_lockouts SET locked_until = now() - interval '1 second' WHERE locked_until IS NOT NULL");
  }

  /** A series' value in {@code /metrics}, 0 when it has none yet. */
  private static double metric(String series) {
    return http.get("/metrics").text().lines().filter(line -> line.startsWith(series + " "))
      .mapToDouble(line -> Double.parseDouble(line.substring(series.length() + 1))).findFirst().orElse(0);
  }

  private void awaitAudit(String countQuery, long expected) {
    Eventually.until(() -> db.count(countQuery) == expected, countQuery);
  }

  /** A 429 of the lockout, whose Retry-After is what is left of a lock of at most {@code maxSeconds}. */
  private static void assertLocked(Http.Response response, int maxSeconds) {
    assertThat(response.status()).withFailMessage(response.pretty()).isEqualTo(429);
    assertThat(response.body().getValue("result")).isNull();
    assertThat(response.error()).isEqualTo(new JsonObject().put("message", "Too many login attempts").put("status", 429)
      .put("stack", "TooManyRequestsError: Too many login attempts").put("id", "api.process.too_many_logins_requests"));
    assertThat(Integer.parseInt(response.headers().get("Retry-After"))).isBetween(1, maxSeconds);
  }

  private static Http.Response login(String username, String password) {
    return http.post("/_login/local", credentials(username, password));
  }

  private static Http.Response updateCredentials(String jwt, JsonObject body) {
    return http.send(HttpMethod.PUT, "/credentials/local/_me/_update", Buffer.buffer(body.encode()), Http.bearer(jwt));
  }

  private static JsonObject credentials(String username, String password) {
    return new JsonObject().put("username", username).put("password", password);
  }
}
