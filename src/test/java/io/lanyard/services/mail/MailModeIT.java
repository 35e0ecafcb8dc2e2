package io.lanyard.services.mail;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.sqlclient.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.lanyard.testing.Await.await;
import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code mail.mode}: a staging deployment that drops or logs its mail. Each test has a database of its own, so only the service
 * it starts could deliver its mail.
 */
class MailModeIT {

  private final Smtp smtp = Smtp.shared();
  private final Logger mailLogger = (Logger) LoggerFactory.getLogger("io.lanyard.services.mail");
  private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
  private TestDb db;

  @BeforeEach
  void ownDatabaseAndLog() {
    db = TestDb.create();
    smtp.clear();
    logged.start();
    mailLogger.addAppender(logged);
  }

  @AfterEach
  void detachLog() {
    mailLogger.detachAppender(logged);
  }

  @Test
  void dropSendsNothingAndSaysSoAtStart() {
    try (TestApp staging = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_MAIL_MODE", "drop"))) {
      Fixtures.App fair = Fixtures.registrationApp(staging, "fair");

      int created = staging.http().post("/_plugin/Vendor/user/create", creation("bob@example.com", fair.token(), null, null))
        .result().getInteger("statusCode");
      staging.http().post("/_plugin/Vendor/user/create", creation("ann@loadtest.invalid", fair.token(), null, null));

      assertThat(created).as("the request answers as usual").isZero();
      assertThat(messages()).anyMatch(line -> line.startsWith("mail.mode=drop: no mail is sent"));
      assertThat(smtp.assertNoMoreThan(0, Duration.ofSeconds(1))).isEmpty();
      Row real = db.single("SELECT status, suppressed_reason, text_body FROM mail_outbox WHERE recipient = 'bob@example.com'");
      assertThat(real.getString("status")).isEqualTo("suppressed");
      assertThat(real.getString("suppressed_reason")).isEqualTo("mail_mode_drop");
      assertThat(real.getString("text_body")).as("rendered, kept").contains("Hello");
      assertThat(db.single("SELECT suppressed_reason FROM mail_outbox WHERE recipient = 'ann@loadtest.invalid'").getString(0))
        .as("synthetic is asked first").isEqualTo("synthetic");
    }
  }

  @Test
  void dropLeavesMailQueuedBeforeUnsent() {
    smtp.stop();
    try (TestApp sending = TestApp.start(Map.of("LANYARD_DB_URI", db.uri()))) {
      Fixtures.App fair = Fixtures.registrationApp(sending, "fair");
      sending.http().post("/_plugin/Vendor/user/create", creation("bob@example.com", fair.token(), null, null));
    }
    smtp.restart();

    try (TestApp staging = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_MAIL_MODE", "drop"))) {
      // a sending service would have retried it within a second (retries back off to 1 s at most here)
      assertThat(smtp.assertNoMoreThan(0, Duration.ofSeconds(2))).isEmpty();
      assertThat(db.single("SELECT status FROM mail_outbox").getString(0)).isEqualTo("pending");
    }
  }

  @Test
  void logWritesALineWithoutBodyAddressOrLinkAndSendsNothing() {
    try (TestApp staging = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_MAIL_MODE", "log"))) {
      Fixtures.App fair = Fixtures.registrationApp(staging, "fair");
      // a subject holding the link, which the log line must not carry
      await(new TemplateRepository().save(staging.lanyard().pool(), new MailTemplate(fair.id(), MailKind.ACCOUNT_LINK,
        "eng-GB", "Open {{link}} for Salon 2026", "Hello {{email}}, open {{link}}", Optional.empty())));
      staging.reloadCaches();

      staging.http().post("/_plugin/Vendor/user/create", creation("bob@example.com", fair.token(), null, null));

      Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'") == 1, "handed to the log");
      assertThat(smtp.assertNoMoreThan(0, Duration.ofMillis(500))).isEmpty();
      assertThat(messages()).anyMatch(line -> line.startsWith("mail.mode=log: no mail is sent over SMTP"));
      String line = messages().stream().filter(message -> message.contains("not sent (mail.mode=log)")).findFirst().orElseThrow();
      assertThat(line).contains("account_link", "…@example.com", "Open [link] for Salon 2026");
      assertThat(line).doesNotContain("bob", "token", "https://", "Hello");
    }
  }

  private List<String> messages() {
    return logged.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
  }
}
