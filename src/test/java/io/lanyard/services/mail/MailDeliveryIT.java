package io.lanyard.services.mail;

import io.lanyard.testing.CapturedLogs;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.lanyard.testing.Await.await;
import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The outbox loses nothing: not to an SMTP outage, not to a stop between commit and delivery; dead mail can be re-queued.
 * Each test has a database of its own, so only the services it starts deliver its mail.
 */
class MailDeliveryIT {

  private final Smtp smtp = Smtp.shared();
  private TestDb db;

  @BeforeEach
  void ownDatabase() {
    db = TestDb.create();
    smtp.clear();
  }

  @AfterEach
  void smtpBack() {
    smtp.restart();
  }

  @Test
  void smtpOutageDelaysMailButLosesNoneAndSendsEachOnce() {
    try (TestApp service = TestApp.start(Map.of("LANYARD_DB_URI", db.uri()))) {
      Fixtures.App fair = Fixtures.registrationApp(service, "fair");
      smtp.stop();

      for (int i = 0; i < 3; i++) {
        assertThat(service.http().post("/_plugin/Vendor/user/create", creation("link" + i + "@example.com", fair.token(), null, null))
          .statusCode()).isZero();
        assertThat(service.http().post("/_plugin/Vendor/user/createWithPassword",
          creation("password" + i + "@example.com", fair.token(), "a long password", true)).statusCode()).isZero();
      }
      Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE attempts >= 2 AND last_error IS NOT NULL") == 6,
        "every mail tried and failed at least twice");
      assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE status = 'pending'")).isEqualTo(6);

      smtp.restart();

      List<MimeMessage> received = smtp.awaitMessages(6);
      assertThat(smtp.assertNoMoreThan(6, Duration.ofSeconds(2))).hasSize(6);
      assertThat(received.stream().map(MailDeliveryIT::recipient).distinct()).hasSize(6);
      Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'") == 6, "all six marked sent");
    }
  }

  @Test
  void mailCommittedBeforeAStopIsDeliveredAfterTheRestart() {
    smtp.stop();
    Fixtures.App fair;
    try (TestApp beforeStop = TestApp.start(Map.of("LANYARD_DB_URI", db.uri()))) {
      fair = Fixtures.registrationApp(beforeStop, "fair");
      assertThat(beforeStop.http().post("/_plugin/Vendor/user/create", creation("ann@example.com", fair.token(), null, null))
        .statusCode()).isZero();
    }
    Row waiting = db.single("SELECT status, sent_at FROM mail_outbox");
    assertThat(waiting.getString("status")).isEqualTo("pending");
    smtp.restart();
    assertThat(smtp.assertNoMoreThan(0, Duration.ofMillis(500))).as("nothing sends while the service is down").isEmpty();

    try (TestApp afterRestart = TestApp.start(Map.of("LANYARD_DB_URI", db.uri()))) {
      MimeMessage mail = smtp.awaitMessages(1).get(0);

      assertThat(recipient(mail)).isEqualTo("ann@example.com");
      assertThat(smtp.assertNoMoreThan(1, Duration.ofSeconds(1))).hasSize(1);
      Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'") == 1, "marked sent");
    }
  }

  @Test
  void serviceStopsCleanlyWhileAnSmtpServerHangs() throws Exception {
    // a server that takes the connection and never greets: the send is still in flight when the service stops
    try (ServerSocket silent = new ServerSocket(0)) {
      TestApp service = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_SMTP_PORT",
        Integer.toString(silent.getLocalPort())));
      Fixtures.App fair = Fixtures.registrationApp(service, "fair");
      service.http().post("/_plugin/Vendor/user/create", creation("ann@example.com", fair.token(), null, null));
      Eventually.pause(500);

      service.close();
    }

    assertThat(db.single("SELECT status FROM mail_outbox").getString(0)).as("left for the next start").isEqualTo("pending");
  }

  @Test
  void aDrainCutShortByTheStopIsNotReportedAsAFailure() throws Exception {
    // the service's first drain waits on a lock held here, and is cut once the stop has begun: as when start-up fails
    assertThat(Cli.runOn(db, "migrate").exitCode()).isZero();
    String waitingDrain = "FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND query LIKE '%SKIP LOCKED%'"
      + " AND pid <> pg_backend_pid()";
    try (Connection locker = DriverManager.getConnection("jdbc:postgresql://" + TestDb.HOST + ":" + TestDb.PORT + "/" + db.name(),
           TestDb.USER, System.getenv("PGPASSWORD"));
         CapturedLogs logs = CapturedLogs.of(MailVerticle.class)) {
      locker.setAutoCommit(false);
      locker.createStatement().execute("LOCK TABLE mail_outbox IN ACCESS EXCLUSIVE MODE");
      // the drain must wait on the lock for as long as the test holds it, not give up at the default lock_timeout
      TestApp service = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_METRICS_ENABLED", "false",
        "LANYARD_DB_LOCK_TIMEOUT", "60s"));
      Eventually.until(() -> db.count("SELECT count(*) " + waitingDrain, db.name()) == 1, "the first drain waiting on the lock");

      Future<Void> stopped = service.lanyard().stop();
      Eventually.until(() -> !service.vertx().deploymentIDs().contains(service.lanyard().mailDeployment()), "mail undeployed");
      db.query("SELECT pg_terminate_backend(pid) " + waitingDrain, db.name());
      await(stopped);
      Eventually.until(() -> !logs.lines().isEmpty(), "the end of the drain logged");
      await(service.vertx().close());

      assertThat(logs.lines()).singleElement().asString().startsWith("DEBUG Draining the mail outbox ended with the stop");
    }
  }

  @Test
  void mailStillFailingPastItsMaxAgeIsDeadAndRetryDeadSendsIt() throws Exception {
    try (TestApp service = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_MAIL_MAX_AGE", "1h"))) {
      Fixtures.App fair = Fixtures.registrationApp(service, "fair");
      smtp.stop();
      service.http().post("/_plugin/Vendor/user/create", creation("ann@example.com", fair.token(), null, null));
      Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE attempts >= 1") == 1, "tried and failed once");
      assertThat(db.single("SELECT status FROM mail_outbox").getString(0)).as("young enough to retry").isEqualTo("pending");

      // its age runs from its first attempt
      db.query("UPDATE mail_outbox SET first_attempt_at = now() - interval '2 hours'");

      Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'dead'") == 1, "the mail dead");
      Row dead = db.single("SELECT attempts, last_error FROM mail_outbox");
      assertThat(dead.getInteger("attempts")).isGreaterThanOrEqualTo(2);
      assertThat(dead.getString("last_error")).isNotBlank();
      Cli.Run status = Cli.runOn(db, "mail", "status");
      assertThat(status.lines()).contains("pending\t0", "sent\t0", "dead\t1", "oldest_pending\t-");
      smtp.restart();
      assertThat(smtp.assertNoMoreThan(0, Duration.ofMillis(700))).as("dead mail stays dead").isEmpty();

      Cli.Run retry = Cli.runOn(db, "mail", "retry-dead");

      assertThat(retry.exitCode()).isZero();
      assertThat(retry.out()).contains("Re-queued 1 dead mail");
      assertThat(recipient(smtp.awaitMessages(1).get(0))).isEqualTo("ann@example.com");
      Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'") == 1, "marked sent");
      assertThat(Cli.runOn(db, "mail", "status").lines()).contains("sent\t1", "dead\t0");
    }
  }

  @Test
  void mailStatusShowsTheAgeOfTheOldestPendingMail() {
    try (TestApp service = TestApp.start(Map.of("LANYARD_DB_URI", db.uri()))) {
      Fixtures.App fair = Fixtures.registrationApp(service, "fair");
      smtp.stop();
      service.http().post("/_plugin/Vendor/user/create", creation("ann@example.com", fair.token(), null, null));
      db.query("UPDATE mail_outbox SET created_at = now() - interval '90 seconds'");

      Cli.Run status = Cli.runOn(db, "mail", "status");

      assertThat(status.lines()).contains("pending\t1", "dead\t0");
      assertThat(status.lines()).anyMatch(line -> line.matches("oldest_pending\t9\\ds"));
    }
  }

  private static String recipient(MimeMessage mail) {
    try {
      return mail.getAllRecipients()[0].toString();
    } catch (jakarta.mail.MessagingException e) {
      throw new IllegalStateException(e);
    }
  }
}
