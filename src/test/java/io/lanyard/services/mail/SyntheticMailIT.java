package io.lanyard.services.mail;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** Synthetic accounts (docs/decisions.md §10): every route as usual, mail rendered and kept but never sent, counted apart. */
class SyntheticMailIT extends SharedServiceFixture {

  private static final Pattern TOKEN = Pattern.compile("token=([A-Za-z0-9_-]{43})");

  private Fixtures.App fair;

  @BeforeEach
  void registrationApp() {
    fair = Fixtures.registrationApp(app, "fair");
  }

  @Test
  void syntheticMailNeverReachesSmtpWhileARealAddressGetsItsMail() throws Exception {
    Http.Response synthetic = http.post("/_plugin/Vendor/user/create",
      creation("ann@loadtest.invalid", fair.token(), null, null));
    Http.Response real = http.post("/_plugin/Vendor/user/create", creation("bob@example.com", fair.token(), null, null));
    Http.Response welcome = http.post("/_plugin/Vendor/user/createWithPassword",
      creation("carl@eu.loadtest.invalid", fair.token(), "a long password", true));

    assertThat(synthetic.result().getInteger("statusCode")).withFailMessage(synthetic.pretty()).isZero();
    assertThat(real.result().getInteger("statusCode")).isZero();
    assertThat(welcome.result().getInteger("statusCode")).isZero();
    MimeMessage delivered = smtp.awaitMessages(1).get(0);
    assertThat(((InternetAddress) delivered.getAllRecipients()[0]).getAddress()).isEqualTo("bob@example.com");
    assertThat(smtp.assertNoMoreThan(1, Duration.ofSeconds(1))).hasSize(1);
    List<Row> kept = rows("SELECT recipient, kind, status, suppressed_reason, subject, text_body FROM mail_outbox "
      + "WHERE recipient LIKE '%loadtest.invalid' ORDER BY recipient");
    assertThat(kept).extracting(row -> row.getString("recipient")).containsExactly("ann@loadtest.invalid",
      "carl@eu.loadtest.invalid");
    assertThat(kept).allSatisfy(row -> {
      assertThat(row.getString("status")).isEqualTo("suppressed");
      assertThat(row.getString("suppressed_reason")).isEqualTo("synthetic");
      assertThat(row.getString("subject")).as("rendered like any mail").contains("Welcome to the fair");
    });
    assertThat(kept.get(0).getString("text_body")).containsPattern(TOKEN);
    assertThat(db.single("SELECT status FROM mail_outbox WHERE recipient = 'bob@example.com'").getString(0)).isEqualTo("sent");
  }

  @Test
  void syntheticAccountsAreMarkedInTheDatabaseAsTheyAreCreated() {
    http.post("/_plugin/Vendor/user/create", creation("ann@loadtest.invalid", fair.token(), null, null));
    http.post("/_plugin/Vendor/user/create", creation("bob@example.com", fair.token(), null, null));
    Accounts.createActive(app, "dan@loadtest.invalid");

    assertThat(rows("SELECT email FROM users WHERE synthetic ORDER BY email")).extracting(row -> row.getString(0))
      .containsExactly("ann@loadtest.invalid", "dan@loadtest.invalid");
    assertThat(rows("SELECT email FROM users WHERE NOT synthetic")).extracting(row -> row.getString(0))
      .containsExactly("bob@example.com");
  }

  @Test
  void syntheticOutcomesAndSuppressedMailAreCountedApart() {
    String before = scrape();
    http.post("/_plugin/Vendor/user/create", creation("ann@loadtest.invalid", fair.token(), null, null));
    http.post("/_plugin/Vendor/user/create", creation("bob@example.com", fair.token(), null, null));
    String token = tokenOf("ann@loadtest.invalid");
    Http.Response activated = http.post("/_plugin/Vendor/user/activate",
      new JsonObject().put("token", token).put("password", "a long password"));
    Accounts.loginStatus(app, "ann@loadtest.invalid", "a long password");
    Accounts.loginStatus(app, "ann@loadtest.invalid", "not the password");

    String after = scrape();

    assertThat(activated.result().getInteger("statusCode")).isZero();
    assertThat(increase(before, after, "lanyard_operation_results_total", "operation=\"createUser\"", "statusCode=\"0\"",
      "synthetic=\"true\"")).isEqualTo(1);
    assertThat(increase(before, after, "lanyard_operation_results_total", "operation=\"createUser\"", "statusCode=\"0\"",
      "synthetic=\"false\"")).isEqualTo(1);
    assertThat(increase(before, after, "lanyard_operation_results_total", "operation=\"activateUser\"", "statusCode=\"0\"",
      "synthetic=\"true\"")).as("found through the link, not named by the request").isEqualTo(1);
    assertThat(increase(before, after, "lanyard_operation_results_total", "operation=\"activateUser\"", "statusCode=\"0\"",
      "synthetic=\"false\"")).isZero();
    assertThat(increase(before, after, "lanyard_logins_total", "outcome=\"success\"", "synthetic=\"true\"")).isEqualTo(1);
    assertThat(increase(before, after, "lanyard_logins_total", "outcome=\"failure\"", "synthetic=\"true\"")).isEqualTo(1);
    assertThat(increase(before, after, "lanyard_logins_total", "outcome=\"success\"", "synthetic=\"false\"")).isZero();
    assertThat(increase(before, after, "lanyard_mail_suppressed_total", "reason=\"synthetic\"")).isEqualTo(1);
  }

  /** The link token in a synthetic account's kept mail: the database holds it, no route reveals it. */
  private String tokenOf(String email) {
    String text = db.single("SELECT text_body FROM mail_outbox WHERE recipient = $1", email).getString(0);
    Matcher matcher = TOKEN.matcher(text);
    assertThat(matcher.find()).isTrue();
    return matcher.group(1);
  }

  private List<Row> rows(String sql) {
    List<Row> rows = new ArrayList<>();
    db.query(sql).forEach(rows::add);
    return rows;
  }

  private String scrape() {
    return http.get("/metrics").text();
  }

  private static double increase(String before, String after, String name, String... labels) {
    return sum(after, name, labels) - sum(before, name, labels);
  }

  /** The sum of every series of {@code name} holding all {@code labels}. */
  private static double sum(String metrics, String name, String... labels) {
    Pattern sample = Pattern.compile("^" + Pattern.quote(name) + "(\\{[^}]*})? (\\S+)$", Pattern.MULTILINE);
    Matcher matcher = sample.matcher(metrics);
    double sum = 0;
    while (matcher.find()) {
      String found = Optional.ofNullable(matcher.group(1)).orElse("");
      if (Arrays.stream(labels).allMatch(found::contains)) {
        sum += Double.parseDouble(matcher.group(2));
      }
    }
    return sum;
  }
}
