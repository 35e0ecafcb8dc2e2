package io.lanyard.services.mail;

import io.lanyard.testing.Eventually;
import io.lanyard.testing.JarProcess;
import io.lanyard.testing.ScriptedSmtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A crash (SIGKILL) in the middle of a slow batch: the mails SMTP accepted were recorded as sent one by one, right after their
 * own reply, so the next instance sends only the one SMTP never answered; no mail arrives twice.
 */
class MailCrashIT {

  @Test
  void aCrashInTheMiddleOfABatchSendsNoAcceptedMailAgain() {
    TestDb db = TestDb.create();
    try (ScriptedSmtp scripted = ScriptedSmtp.start()) {
      scripted.stallAfterAccepting(19);
      try (JarProcess jar = JarProcess.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_DB_CREATE_DATABASE", "false",
        "LANYARD_HTTP_PORT", Integer.toString(JarProcess.freePort()), "LANYARD_SMTP_HOST", "127.0.0.1",
        "LANYARD_SMTP_PORT", Integer.toString(scripted.port()), "LANYARD_SMTP_TIMEOUT", "60s",
        "LANYARD_MAIL_POLL_INTERVAL", "200ms", "LANYARD_MAIL_BATCH_SIZE", "20"))) {
        jar.awaitReady(Duration.ofSeconds(60));
        db.query("""
          INSERT INTO mail_outbox (message_id, kind, recipient, subject, text_body)
          SELECT '<mail-' || n || '@crash.test>', 'welcome', 'user' || n || '@example.com', 'Hello', 'Hi'
          FROM generate_series(1, 20) n""");
        Eventually.until(() -> scripted.accepted().size() == 19
            && db.count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'") == 19, Duration.ofSeconds(30),
          "nineteen mails accepted and recorded one by one, the twentieth unanswered");

        jar.kill();
      }
      assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE status = 'pending'")).isEqualTo(1);
      scripted.serve();
      // the crashed instance's lease runs out, as time would make it
      db.query("UPDATE mail_outbox SET leased_until = now() WHERE status = 'pending'");

      try (TestApp next = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_SMTP_PORT",
        Integer.toString(scripted.port())))) {
        Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'") == 20,
          "the unanswered mail sent by the next instance");
      }
      List<String> messageIds = scripted.accepted().stream().map(ScriptedSmtp.Accepted::messageId).toList();
      assertThat(messageIds).hasSize(20).doesNotHaveDuplicates();
    }
  }

  /**
   * A crash while SMTP holds some mails unanswered and others still wait their turn: the mail the killed instance had not
   * handed to SMTP goes from another instance within 30 s of the crash (its claim is short); the mail SMTP may have accepted
   * keeps its long lease, so nothing arrives twice.
   */
  @Test
  void aCrashedInstancesMailNotYetHandedToSmtpGoesFromAnotherWithinThirtySeconds() {
    TestDb db = TestDb.create();
    try (ScriptedSmtp scripted = ScriptedSmtp.start()) {
      scripted.stallAfterAccepting(5);
      long killedAt;
      try (JarProcess jar = JarProcess.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_DB_CREATE_DATABASE", "false",
        "LANYARD_HTTP_PORT", Integer.toString(JarProcess.freePort()), "LANYARD_SMTP_HOST", "127.0.0.1",
        "LANYARD_SMTP_PORT", Integer.toString(scripted.port()), "LANYARD_SMTP_TIMEOUT", "60s",
        "LANYARD_MAIL_POLL_INTERVAL", "200ms", "LANYARD_MAIL_BATCH_SIZE", "20"))) {
        jar.awaitReady(Duration.ofSeconds(60));
        db.query("""
          INSERT INTO mail_outbox (message_id, kind, recipient, subject, text_body)
          SELECT '<burst-' || n || '@crash.test>', 'welcome', 'user' || n || '@example.com', 'Hello', 'Hi'
          FROM generate_series(1, 20) n""");
        // ten sends at once (the SMTP client's connections): five accepted, then each lane's next mail held at its final dot
        Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'") == 5
            && db.count(HANDED_OVER) == 10, Duration.ofSeconds(30),
          "five mails sent, ten handed to SMTP and unanswered, five waiting their turn under their claim");
        assertThat(db.count("SELECT count(*) FROM mail_outbox WHERE status = 'pending' AND leased_until > now()"))
          .isEqualTo(15);

        jar.kill();
        killedAt = System.nanoTime();
      }
      scripted.serve();

      try (TestApp next = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_SMTP_PORT",
        Integer.toString(scripted.port())))) {
        Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'") == 10,
          Duration.ofSeconds(45), "the five mails never handed to SMTP sent by the next instance");
        long afterCrashMs = (System.nanoTime() - killedAt) / 1_000_000;
        System.out.println("MailCrashIT: unhanded mail sent " + afterCrashMs + " ms after the crash");
        assertThat(afterCrashMs).isLessThanOrEqualTo(30_000);
        Eventually.pause(1000);
        assertThat(db.count(HANDED_OVER)).as("the mails SMTP may have accepted wait out their lease").isEqualTo(10);
      }
      List<String> messageIds = scripted.accepted().stream().map(ScriptedSmtp.Accepted::messageId).toList();
      assertThat(messageIds).hasSize(10).doesNotHaveDuplicates();
    }
  }

  /** Pending mail leased for longer than a claim: handed to SMTP. */
  private static final String HANDED_OVER = """
    SELECT count(*) FROM mail_outbox WHERE status = 'pending' AND leased_until > now() + interval '1 minute'""";
}
