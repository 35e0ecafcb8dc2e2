package io.lanyard.platform.db;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.DbFaults;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Http;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.lanyard.testing.Await.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * One read past its deadline on the pipelined client ({@code statement_timeout}): PostgreSQL runs the statements of a
 * connection one after the other, so the reads pipelined behind a slow one wait for it — until its deadline and no longer.
 * It answers 503 at the deadline; they all answer 200, each with its own account; the client serves as before afterwards.
 */
class PipelinedReadDeadlineIT {

  private static final Duration STATEMENT_TIMEOUT = Duration.ofSeconds(3);
  /**
   * Shorter than the deadline: a read that waited for the connection instead of being pipelined on it would be refused
   * (503 overloaded) while the slow one holds it.
   */
  private static final Duration QUEUE_BUDGET = Duration.ofMillis(500);
  /** Far longer than any deadline here, far shorter than the slow statement would sleep without one. */
  private static final Duration BOUND = STATEMENT_TIMEOUT.multipliedBy(10);
  private static final int ACCOUNTS = 10;
  private static final int READS_BEHIND = 40;

  private TestDb db;
  private TestApp app;

  /** A reply and when it came, in {@link System#nanoTime()}. */
  private record Timed(Http.Response response, long at) {
  }

  @BeforeEach
  void ownDatabase() {
    db = TestDb.create();
    // one event loop with one read connection: every /_me goes down the same connection
    app = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_HTTP_INSTANCES", "1", "LANYARD_DB_READ_CONNECTIONS", "1",
      "LANYARD_DB_STATEMENT_TIMEOUT", STATEMENT_TIMEOUT.toMillis() + "ms",
      // as long: each read's own deadline (the shorter of the two, plus a margin) then ends after the slow one's
      "LANYARD_DB_LOCK_TIMEOUT", STATEMENT_TIMEOUT.toMillis() + "ms",
      "LANYARD_DB_QUEUE_BUDGET", QUEUE_BUDGET.toMillis() + "ms"));
  }

  @AfterEach
  void stop() {
    app.close();
  }

  @Test
  void aReadPastTheStatementTimeoutAnswers503AndTheReadsPipelinedBehindItAllAnswer() {
    assertThat(DbFaults.SlowReads.SLEEP).as("left alone, the slow read outlasts every wait of this test")
      .isGreaterThan(BOUND.multipliedBy(2));
    String slowId = Accounts.createActive(app, "slow@example.com");
    String slowJwt = Accounts.login(app, "slow@example.com");
    Map<String, String> tokens = new LinkedHashMap<>();
    for (int i = 0; i < ACCOUNTS; i++) {
      String email = "visitor" + i + "@example.com";
      String id = Accounts.createActive(app, email);
      tokens.put(id, Accounts.login(app, email));
    }
    DbFaults.SlowReads slowReads = DbFaults.slowReads(db);
    // every request of the test in flight at once, each on a connection of its own
    Http http = app.http(READS_BEHIND + 1);
    everyAccountReadsItself(http, tokens);

    slowReads.slow(slowId);
    long sent = System.nanoTime();
    Future<Timed> slow = timed(http.getAsync("/_me", slowJwt));
    Eventually.until(() -> slowReads.sleeping() == 1 || slow.isComplete(), "the slow read reaches PostgreSQL");
    assertThat(slow.isComplete()).as("the slow read still runs when the others are sent behind it").isFalse();
    List<String> expected = new ArrayList<>();
    List<Future<Timed>> behind = new ArrayList<>();
    List<String> ids = List.copyOf(tokens.keySet());
    for (int i = 0; i < READS_BEHIND; i++) {
      String id = ids.get(i % ids.size());
      expected.add(id);
      behind.add(timed(http.getAsync("/_me", tokens.get(id))));
    }

    Timed refused = await(slow, (int) BOUND.toSeconds());
    Http.Response reply = refused.response();
    assertThat(reply.status()).withFailMessage(reply.pretty()).isEqualTo(503);
    assertThat(reply.body().getInteger("status")).isEqualTo(503);
    assertThat(reply.body().getString("controller")).isEqualTo("auth");
    assertThat(reply.body().getString("action")).isEqualTo("getCurrentUser");
    assertThat(reply.body().getValue("result")).isNull();
    assertThat(reply.error()).isEqualTo(new JsonObject()
      .put("message", "The database did not answer in time, retry later")
      .put("status", 503)
      .put("stack", "ServiceUnavailableError: The database did not answer in time, retry later")
      .put("id", "services.storage.unavailable"));
    assertThat(reply.headers().get("Retry-After")).isEqualTo("1");
    assertThat(Duration.ofNanos(refused.at() - sent)).as("answered at the deadline, not before")
      .isGreaterThanOrEqualTo(STATEMENT_TIMEOUT);

    await(Future.join(behind), (int) BOUND.toSeconds());
    for (int i = 0; i < READS_BEHIND; i++) {
      Timed answered = behind.get(i).result();
      assertThat(answered.response().status()).withFailMessage(answered.response().pretty()).isEqualTo(200);
      assertThat(answered.response().result().getString("_id")).isEqualTo(expected.get(i));
      // PostgreSQL ran it once the slow statement was cancelled, which no clock can see before the deadline
      assertThat(Duration.ofNanos(answered.at() - sent)).as("waited behind the slow read")
        .isGreaterThanOrEqualTo(STATEMENT_TIMEOUT);
    }
    assertThat(slowReads.sleeping()).isZero();

    slowReads.quick(slowId);
    Http.Response again = http.get("/_me", slowJwt);
    assertThat(again.status()).withFailMessage(again.pretty()).isEqualTo(200);
    assertThat(again.result().getString("_id")).isEqualTo(slowId);
    everyAccountReadsItself(http, tokens);
  }

  private static void everyAccountReadsItself(Http http, Map<String, String> tokens) {
    List<String> expected = new ArrayList<>();
    List<Future<Http.Response>> replies = new ArrayList<>();
    tokens.forEach((id, jwt) -> {
      expected.add(id);
      replies.add(http.getAsync("/_me", jwt));
    });
    await(Future.join(replies), (int) BOUND.toSeconds());
    for (int i = 0; i < replies.size(); i++) {
      Http.Response reply = replies.get(i).result();
      assertThat(reply.status()).withFailMessage(reply.pretty()).isEqualTo(200);
      assertThat(reply.result().getString("_id")).isEqualTo(expected.get(i));
    }
  }

  private static Future<Timed> timed(Future<Http.Response> reply) {
    return reply.map(response -> new Timed(response, System.nanoTime()));
  }
}
