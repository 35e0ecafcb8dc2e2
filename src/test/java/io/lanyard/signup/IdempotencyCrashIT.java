package io.lanyard.signup;

import io.lanyard.platform.support.SecretTokens;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.JarProcess;
import io.lanyard.testing.Mails;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.lanyard.testing.Await.await;
import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A creation with an {@code Idempotency-Key} whose instance dies in the middle of it, replayed against another instance,
 * answers as one request would have: one account, one link, one mail, and the reply one request gives. The first instance
 * is a real jar, held inside its creating transaction by a lock this test takes on {@code account_links} (the transaction's
 * last insert: the key is claimed, the account and its mail written, none of it committed), so the crash lands there every
 * time.
 */
class IdempotencyCrashIT {

  private static final String BY_LINK = "/_plugin/Vendor/user/create";
  private static final String WITH_PASSWORD = "/_plugin/Vendor/user/createWithPassword";
  private static final String KEY = "7f0c9d3e-58a4-4d46-9f36-0cf4b4e1a2b1";
  private static final String EMAIL = "dana@example.com";
  private static final String WAITING_TO_INSERT = """
    SELECT count(*) FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO ' || $1 || '%'""";

  private final TestDb db = TestDb.create();
  private final Smtp smtp = Smtp.start();
  private TestApp other;
  private Fixtures.App fair;

  @BeforeEach
  void otherInstance() {
    other = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_SMTP_PORT", Integer.toString(smtp.port())));
    fair = Fixtures.registrationApp(other, "fair");
  }

  @AfterEach
  void stop() {
    other.close();
    smtp.stop();
  }

  @Test
  void aCreationWhoseInstanceIsKilledMidRequestAnswersItsReplayOnTheOtherAsOneRequestWould() {
    Http.Response reference = oneRequest(BY_LINK, creation("ref@example.com", fair.token(), null, null));
    JsonObject body = creation(EMAIL, fair.token(), null, null);

    killInside(BY_LINK, body, "account_links");
    Http.Response replay = other.http().send(HttpMethod.POST, BY_LINK, body.toBuffer(), key(KEY));

    assertOneRequestsOutcome(BY_LINK, reference, replay);
  }

  /** The same with a password and a welcome mail, the crash landing on the mail's insert, the transaction's last. */
  @Test
  void aCreationWithAPasswordWhoseInstanceIsKilledMidRequestAnswersItsReplayAsOneRequestWould() {
    Http.Response reference = oneRequest(WITH_PASSWORD, creation("ref@example.com", fair.token(), "a long password", true));
    JsonObject body = creation(EMAIL, fair.token(), "a long password", true);

    killInside(WITH_PASSWORD, body, "mail_outbox");
    Http.Response replay = other.http().send(HttpMethod.POST, WITH_PASSWORD, body.toBuffer(), key(KEY));

    assertOneRequestsOutcome(WITH_PASSWORD, reference, replay);
    assertThat(db.count("SELECT count(*) FROM users WHERE email = $1 AND status = 'active'", EMAIL)).isEqualTo(1);
  }

  /**
   * The first instance stops with its connections open (a host cut off, a paused machine): PostgreSQL cannot see it is gone,
   * and its transaction, idle, holds the key's row. Once {@code db.idleInTransactionTimeout} (10 s) ends that transaction,
   * the other instance takes the key over; until then it answers 503 with {@code Retry-After}, nothing else.
   */
  @Test
  void aCreationWhoseInstanceVanishedMidTransactionIsTakenOverWithinTheBound() {
    Http.Response reference = oneRequest(BY_LINK, creation("ref@example.com", fair.token(), null, null));
    JsonObject body = creation(EMAIL, fair.token(), null, null);
    List<Http.Response> meanwhile = new ArrayList<>();
    Http.Response replay;
    try (JarProcess vanishing = startFirstInstance()) {
      int port = vanishing.awaitReady(Duration.ofSeconds(60));
      SqlConnection lock = db.connect();
      Transaction holding = lock(lock, "account_links");
      sendTo(port, BY_LINK, body);
      Eventually.until(() -> db.count(WAITING_TO_INSERT, "account_links") == 1, Duration.ofSeconds(30),
        "the first instance inside its creating transaction, waiting to insert the link");

      vanishing.freeze();
      await(holding.rollback());
      lock.close();
      long frozenAt = System.nanoTime();
      replay = other.http().send(HttpMethod.POST, BY_LINK, body.toBuffer(), key(KEY));
      while (replay.status() == 503 && System.nanoTime() - frozenAt < Duration.ofSeconds(40).toNanos()) {
        meanwhile.add(replay);
        Eventually.pause(500);
        replay = other.http().send(HttpMethod.POST, BY_LINK, body.toBuffer(), key(KEY));
      }
      long tookOverMs = (System.nanoTime() - frozenAt) / 1_000_000;
      System.out.println("IdempotencyCrashIT: key taken over " + tookOverMs + " ms after the instance vanished, "
        + meanwhile.size() + " replies 503 meanwhile");
      assertThat(tookOverMs).as("taken over within db.idleInTransactionTimeout, db.lockTimeout and a margin")
        .isLessThanOrEqualTo(20_000);
    }

    for (Http.Response retryLater : meanwhile) {
      assertThat(retryLater.error().getString("id")).withFailMessage(retryLater.pretty())
        .isEqualTo("services.storage.unavailable");
      assertThat(retryLater.headers().get("Retry-After")).isNotNull();
    }
    assertOneRequestsOutcome(BY_LINK, reference, replay);
  }

  /** A request without a crash, with a key of its own: its reply is what one request gives. */
  private Http.Response oneRequest(String route, JsonObject body) {
    Http.Response reply = other.http().send(HttpMethod.POST, route, body.toBuffer(), key("reference-key"));
    assertThat(reply.statusCode()).withFailMessage(reply.pretty()).isZero();
    smtp.awaitMessages(1, Duration.ofSeconds(30));
    return reply;
  }

  /** Sends the request with the key to a first instance, and kills it (SIGKILL) while it waits to insert into {@code table}. */
  private void killInside(String route, JsonObject body, String table) {
    try (JarProcess crashing = startFirstInstance()) {
      int port = crashing.awaitReady(Duration.ofSeconds(60));
      SqlConnection lock = db.connect();
      Transaction holding = lock(lock, table);
      sendTo(port, route, body);
      Eventually.until(() -> db.count(WAITING_TO_INSERT, table) == 1, Duration.ofSeconds(30),
        "the first instance inside its creating transaction, waiting to insert into " + table);

      crashing.kill();
      await(holding.rollback());
      lock.close();
    }
  }

  /**
   * The first instance waits on the lock for as long as the test needs (its {@code db.lockTimeout} is a minute) so that
   * the crash lands inside the transaction however loaded the machine is.
   */
  private JarProcess startFirstInstance() {
    return JarProcess.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_DB_CREATE_DATABASE", "false",
      "LANYARD_HTTP_PORT", Integer.toString(JarProcess.freePort()), "LANYARD_SMTP_HOST", "127.0.0.1",
      "LANYARD_SMTP_PORT", Integer.toString(smtp.port()), "LANYARD_MAIL_POLL_INTERVAL", "200ms",
      "LANYARD_DB_LOCK_TIMEOUT", "60s", "LANYARD_DB_STATEMENT_TIMEOUT", "60s"));
  }

  /** Holds {@code table} against inserts (SHARE mode), in a transaction of the test's own. */
  private static Transaction lock(SqlConnection connection, String table) {
    Transaction transaction = await(connection.begin());
    await(connection.query("LOCK TABLE " + table + " IN SHARE MODE").execute());
    return transaction;
  }

  /** The request to the first instance, whose reply never comes. */
  private static void sendTo(int port, String route, JsonObject body) {
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + route))
      .header("Content-Type", "application/json").header("Idempotency-Key", KEY)
      .POST(HttpRequest.BodyPublishers.ofString(body.encode())).build();
    HttpClient.newHttpClient().sendAsync(request, HttpResponse.BodyHandlers.discarding());
  }

  private void assertOneRequestsOutcome(String route, Http.Response reference, Http.Response replay) {
    assertThat(replay.status()).withFailMessage(replay.pretty()).isEqualTo(200);
    assertThat(replay.result()).withFailMessage(replay.pretty()).isEqualTo(reference.result());
    assertThat(db.count("SELECT count(*) FROM users WHERE email = $1", EMAIL)).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM account_links l JOIN users u ON u.id = l.user_id WHERE u.email = $1", EMAIL))
      .isEqualTo(route.equals(BY_LINK) ? 1 : 0);
    assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE recipient = $1", EMAIL)).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM idempotency_keys WHERE key = $1 AND reply IS NOT NULL", KEY)).isEqualTo(1);

    smtp.awaitMessages(2, Duration.ofSeconds(30));
    List<MimeMessage> delivered = smtp.assertNoMoreThan(2, Duration.ofSeconds(2));
    List<MimeMessage> toDana = delivered.stream().filter(mail -> Mails.recipient(mail).equals(EMAIL)).toList();
    assertThat(toDana).hasSize(1);
    assertThat(delivered.stream().map(IdempotencyCrashIT::messageId).toList()).doesNotHaveDuplicates();
    if (route.equals(BY_LINK)) {
      assertThat(db.count("SELECT count(*) FROM account_links WHERE token_hash = $1",
        Buffer.buffer(SecretTokens.sha256(Mails.tokenIn(toDana.get(0)))))).as("the link mailed is the one stored").isEqualTo(1);
    }
  }

  private static String messageId(MimeMessage mail) {
    try {
      return mail.getMessageID();
    } catch (MessagingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static MultiMap key(String idempotencyKey) {
    return MultiMap.caseInsensitiveMultiMap().add("Idempotency-Key", idempotencyKey);
  }
}
