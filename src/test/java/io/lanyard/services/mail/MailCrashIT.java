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
}
