package io.lanyard.services.mail;

import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.ScriptedSmtp;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.sqlclient.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Mail survives every way an SMTP server fails: down then up, stalled then healthy, refusing one address for good. Each test
 * has a database of its own, so only the service it starts delivers its mail; per-mail backoffs are set long, so mail that
 * goes out within the test went out because the server came back, not because its slot came.
 */
class MailFailuresIT {

  private static final Pattern SMTP_UP = Pattern.compile("(?m)^lanyard_mail_smtp_up (\\S+)$");

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
  void mailWaitingOutABackoffGoesWithinSecondsOnceTheServerIsBack() {
    try (TestApp service = start(Map.of())) {
      Fixtures.App fair = Fixtures.registrationApp(service, "fair");
      smtp.stop();
      for (int i = 0; i < 3; i++) {
        service.http().post("/_plugin/Vendor/user/create", creation("user" + i + "@example.com", fair.token(), null, null));
      }
      Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE last_error IS NOT NULL"
        + " AND next_attempt_at > now() + interval '5 minutes'") == 3, "each mail failed and waits ten minutes");
      Eventually.until(() -> smtpUp(service) == 0, "the metrics say SMTP does not take mail");

      smtp.restart();

      assertThat(smtp.awaitMessages(3, Duration.ofSeconds(30))).hasSize(3);
      Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'") == 3, "all three sent");
      Eventually.until(() -> smtpUp(service) == 1, "the metrics say SMTP takes mail again");
    }
  }

  @Test
  void aServerThatStalledThenRecoversGetsMailAgainWithoutARestart() {
    try (ScriptedSmtp scripted = ScriptedSmtp.start()) {
      scripted.stall();
      try (TestApp service = start(Map.of("LANYARD_SMTP_PORT", Integer.toString(scripted.port()),
        "LANYARD_SMTP_TIMEOUT", "1s"))) {
        Fixtures.App fair = Fixtures.registrationApp(service, "fair");
        for (int i = 0; i < 20; i++) {
          service.http().post("/_plugin/Vendor/user/create", creation("user" + i + "@example.com", fair.token(), null, null));
        }
        Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE last_error IS NOT NULL") > 0,
          Duration.ofSeconds(30), "a send timed out against the silent server");
        Eventually.until(() -> smtpUp(service) == 0, "the metrics say SMTP does not take mail");

        scripted.serve();

        Eventually.until(() -> scripted.accepted().size() == 20, Duration.ofSeconds(60), "all twenty mails accepted");
        Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'") == 20, "all marked sent");
        assertThat(scripted.accepted().stream().map(ScriptedSmtp.Accepted::messageId).distinct()).hasSize(20);
        Eventually.until(() -> smtpUp(service) == 1, "the metrics say SMTP takes mail again");
      }
    }
  }

  @Test
  void aPermanentRefusalIsFinalAtOnceAndTheOtherMailsGo() {
    try (ScriptedSmtp scripted = ScriptedSmtp.start()) {
      scripted.refuse("refused@example.com", "550 5.1.1 <refused@example.com>: mailbox unavailable");
      try (TestApp service = start(Map.of("LANYARD_SMTP_PORT", Integer.toString(scripted.port())))) {
        Fixtures.App fair = Fixtures.registrationApp(service, "fair");
        for (String email : new String[] {"ann@example.com", "refused@example.com", "bob@example.com"}) {
          service.http().post("/_plugin/Vendor/user/create", creation(email, fair.token(), null, null));
        }

        Eventually.until(() -> scripted.accepted().size() == 2, "the two other mails accepted");
        Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'dead'") == 1, "the refused one dead");
        Row dead = db.single("SELECT recipient, attempts, last_error FROM mail_outbox WHERE status = 'dead'");
        assertThat(dead.getString("recipient")).isEqualTo("refused@example.com");
        assertThat(dead.getInteger("attempts")).isEqualTo(1);
        assertThat(dead.getString("last_error")).contains("recipient address not accepted", "550");
        Eventually.pause(1500);
        assertThat(scripted.recipientTried("refused@example.com")).as("tried once, never again").isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'")).isEqualTo(2);
        assertThat(smtpUp(service)).as("one address refused says nothing of the server").isEqualTo(1);
      }
    }
  }

  /** A service on the test's database whose per-mail backoff is ten minutes: nothing is retried at its slot in a test. */
  private TestApp start(Map<String, String> overrides) {
    Map<String, String> env = new HashMap<>(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_MAIL_RETRY_BASE_DELAY", "10m",
      "LANYARD_MAIL_RETRY_MAX_DELAY", "10m"));
    env.putAll(overrides);
    return TestApp.start(env);
  }

  private static double smtpUp(TestApp service) {
    Matcher gauge = SMTP_UP.matcher(service.http().get("/metrics").text());
    return gauge.find() ? Double.parseDouble(gauge.group(1)) : Double.NaN;
  }
}
