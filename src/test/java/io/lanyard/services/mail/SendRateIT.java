package io.lanyard.services.mail;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Mails;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code mail.maxSendRate} (docs/decisions.md §7): the whole deployment hands SMTP no more mail than the rate, mail past it waits in
 * the outbox and goes as the rate allows, none lost. A database of its own, so only the two instances started here deliver.
 */
class SendRateIT {

  private static final Pattern DEFERRALS = Pattern.compile("^lanyard_mail_send_deferrals_total(\\{[^}]*})? (\\S+)$",
    Pattern.MULTILINE);

  private final Smtp smtp = Smtp.shared();
  private TestDb db;

  @BeforeEach
  void ownDatabase() {
    db = TestDb.create();
    smtp.clear();
  }

  @Test
  void twoInstancesTogetherSendAtTheRateAndLoseNothing() {
    Map<String, String> rate = Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_MAIL_MAX_SEND_RATE", "2/1s");
    try (TestApp one = TestApp.start(rate); TestApp other = TestApp.start(rate)) {
      Fixtures.App fair = Fixtures.registrationApp(one, "fair");
      other.reloadCaches();
      long started = System.nanoTime();

      // 2 at once, then one every 500 ms: the tenth mail cannot be handed to SMTP before 4 s have passed
      for (int i = 0; i < 10; i++) {
        TestApp instance = i % 2 == 0 ? one : other;
        assertThat(instance.http().post("/_plugin/Vendor/user/createWithPassword",
          creation("attendee" + i + "@example.com", fair.token(), Accounts.PASSWORD, true)).statusCode()).isZero();
      }
      List<MimeMessage> delivered = smtp.awaitMessages(10, Duration.ofSeconds(60));
      Duration took = Duration.ofNanos(System.nanoTime() - started);

      assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(3500));
      assertThat(smtp.assertNoMoreThan(10, Duration.ofSeconds(1))).hasSize(10);
      assertThat(delivered.stream().map(Mails::recipient).distinct().sorted().toList())
        .isEqualTo(IntStream.range(0, 10).mapToObj(i -> "attendee" + i + "@example.com").sorted().toList());
      Eventually.until(() -> db.count("SELECT count(*) FROM mail_outbox WHERE status = 'sent' AND attempts = 1") == 10,
        "every mail sent once, at its first attempt");
      assertThat(deferrals(one) + deferrals(other)).as("mail left waiting for the rate, counted").isPositive();
    }
  }

  private static double deferrals(TestApp instance) {
    Matcher sample = DEFERRALS.matcher(instance.http().get("/metrics").text());
    return sample.find() ? Double.parseDouble(sample.group(2)) : 0;
  }
}
