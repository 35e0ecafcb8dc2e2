package io.lanyard.services.mail;

import io.lanyard.testing.DbFaults;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.lanyard.testing.Await.await;
import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code mail.yieldToRequests}: while the instance's API requests wait for database connections, delivery waits, at most the
 * setting, then delivers whatever the load; once the requests no longer wait, it delivers at once. The requests are made to
 * wait by a lock on {@code account_links} held here, with a pool of one connection: one sign-up holds it, blocked at its link,
 * the next waits for it. The mail to deliver is written into the outbox here, as another instance would have queued it (the
 * outbox does not refer to the locked table).
 */
class YieldToRequestsIT {

  private static final String SIGN_UP = "/_plugin/Vendor/user/create";
  private static final Pattern YIELDS = Pattern.compile("^lanyard_mail_yields_total(\\{[^}]*})? (\\S+)$", Pattern.MULTILINE);

  private final Smtp smtp = Smtp.shared();
  private TestDb db;

  @BeforeEach
  void ownDatabase() {
    db = TestDb.create();
    smtp.clear();
  }

  @Test
  void deliveryWaitsForWaitingRequestsAtMostTheSettingThenDeliversWhateverTheLoad() {
    try (TestApp service = TestApp.start(settings("6s"))) {
      Fixtures.App fair = Fixtures.registrationApp(service, "fair");
      List<Future<Http.Response>> signUps;
      try (DbFaults.Lock lock = DbFaults.lock(db, "account_links")) {
        signUps = waitingSignUps(service, fair);
        queueMail("first@example.com");

        // the poll (every 200 ms) finds it due, and leaves it for the waiting requests (the 6 s run from the first poll that
        // saw them wait: far more than what the test takes to get here on a slow machine, plus these 2 s)
        assertThat(smtp.assertNoMoreThan(0, Duration.ofSeconds(2))).isEmpty();
        assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE status = 'pending'")).isEqualTo(1);

        // the requests still wait, but the 6 s are over: it goes
        List<String> delivered = smtp.awaitMessages(1, Duration.ofSeconds(20)).stream().map(Mails::recipient).toList();
        assertThat(delivered).containsExactly("first@example.com");
        assertThat(signUps).noneMatch(Future::isComplete);
        assertThat(yields(service)).isPositive();
      }

      // the lock released, the sign-ups go through, and so does their mail
      for (Future<Http.Response> signUp : signUps) {
        assertThat(await(signUp).statusCode()).isZero();
      }
      assertThat(smtp.awaitMessages(3, Duration.ofSeconds(20)).stream().map(Mails::recipient).toList())
        .containsExactlyInAnyOrder("first@example.com", "waiting0@example.com", "waiting1@example.com");
    }
  }

  @Test
  void deliveryGoesAsSoonAsTheRequestsNoLongerWait() {
    try (TestApp service = TestApp.start(settings("10m"))) {
      Fixtures.App fair = Fixtures.registrationApp(service, "fair");
      List<Future<Http.Response>> signUps;
      try (DbFaults.Lock lock = DbFaults.lock(db, "account_links")) {
        signUps = waitingSignUps(service, fair);
        queueMail("first@example.com");
        assertThat(smtp.assertNoMoreThan(0, Duration.ofMillis(1500))).isEmpty();
      }

      // far within the 10 minutes: the requests went through, nothing waits for a connection any more
      assertThat(smtp.awaitMessages(3, Duration.ofSeconds(20)).stream().map(Mails::recipient).toList())
        .containsExactlyInAnyOrder("first@example.com", "waiting0@example.com", "waiting1@example.com");
      for (Future<Http.Response> signUp : signUps) {
        assertThat(await(signUp).statusCode()).isZero();
      }
    }
  }

  @Test
  void offDeliversWhileRequestsWait() {
    try (TestApp service = TestApp.start(settings("off"))) {
      Fixtures.App fair = Fixtures.registrationApp(service, "fair");
      try (DbFaults.Lock lock = DbFaults.lock(db, "account_links")) {
        List<Future<Http.Response>> signUps = waitingSignUps(service, fair);
        queueMail("first@example.com");

        assertThat(smtp.awaitMessages(1, Duration.ofSeconds(10)).stream().map(Mails::recipient).toList())
          .containsExactly("first@example.com");
        assertThat(signUps).noneMatch(Future::isComplete);
        assertThat(yields(service)).isZero();
      }
    }
  }

  private Map<String, String> settings(String yieldToRequests) {
    Map<String, String> settings = new HashMap<>(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_DB_POOL_SIZE", "1",
      "LANYARD_MAIL_POLL_INTERVAL", "200ms", "LANYARD_MAIL_YIELD_TO_REQUESTS", yieldToRequests));
    // the sign-ups wait on the lock for as long as the test holds it
    settings.putAll(Map.of("LANYARD_DB_LOCK_TIMEOUT", "60s", "LANYARD_DB_STATEMENT_TIMEOUT", "60s",
      "LANYARD_DB_QUEUE_BUDGET", "60s"));
    return settings;
  }

  /** Two sign-ups: one holds the pool's only connection, blocked on the lock, the other waits for that connection. */
  private List<Future<Http.Response>> waitingSignUps(TestApp service, Fixtures.App fair) {
    List<Future<Http.Response>> signUps = List.of(
      service.http().postAsync(SIGN_UP, creation("waiting0@example.com", fair.token(), null, null)),
      service.http().postAsync(SIGN_UP, creation("waiting1@example.com", fair.token(), null, null)));
    Eventually.until(() -> db.count("SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'"
      + " AND query LIKE '%INSERT INTO account_links%'", db.name()) == 1, "a sign-up blocked on the lock");
    return signUps;
  }

  private void queueMail(String recipient) {
    db.query("INSERT INTO mail_outbox (message_id, kind, recipient, subject, text_body) VALUES ($1, 'account_link', $2, "
      + "'Your account', 'Hello')", "<" + recipient + "@test>", recipient);
  }

  private static double yields(TestApp service) {
    Matcher sample = YIELDS.matcher(service.http().get("/metrics").text());
    return sample.find() ? Double.parseDouble(sample.group(2)) : 0;
  }
}
