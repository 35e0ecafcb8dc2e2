package io.lanyard.partners.imports;

import at.favre.lib.crypto.bcrypt.BCrypt;
import io.lanyard.model.applications.UserScope;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Mails;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.WebhookReceiver;
import io.lanyard.testing.Webhooks;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code users import}: exact counts and report, hashes that log in, re-runs that change nothing, links, profiles. */
class UserImportIT extends SharedServiceFixture {

  private static final String HEADER = "email,language,fromSalon,fromSessionSalon,firstname,lastname,civility,country,address1,"
    + "passwordHash\n";

  @TempDir
  Path dir;

  private final WebhookReceiver receiver = new WebhookReceiver();
  private Fixtures.App fair;

  @BeforeEach
  void application() {
    fair = Fixtures.registrationApp(app, "fair");
  }

  @AfterEach
  void stopReceiver() {
    receiver.close();
  }

  @Test
  void aFileOfGoodBadAndDuplicateRowsGivesExactCountsAndReport() throws IOException {
    Accounts.createActive(app, "existing@example.com");
    Path file = write("attendees.csv", HEADER
      + "ann@example.com,eng-GB,salon-2026,spring,Ann,Lee,1,FRA,\"12, rue de la Paix\"," + hash(BCrypt.Version.VERSION_2A, "ann password") + "\n"
      + " Bob@Example.com ,fre-FR,salon-2026,spring,Bob,,0,DEU,," + hash(BCrypt.Version.VERSION_2Y, "bob password") + "\r\n"
      + "carl@example.com,eng-GB,salon-2026,spring,Carl,,,,\"line one\nline two\",\n"
      + "not-an-email,eng-GB,salon-2026,spring,,,,,,\n"
      + "dan@example.com,deu-DE,salon-2026,spring,,,,,,\n"
      + "eve@example.com,eng-GB,,spring,,,,XXX,,\n"
      + "fay@example.com,eng-GB,salon-2026,spring,,,,,,$1$notbcrypt\n"
      + "ANN@example.com,eng-GB,salon-2026,spring,,,,,,\n"
      + "existing@example.com,eng-GB,salon-2026,spring,Zed,,,,,\n"
      + "gil@example.com,eng-GB,salon-2026,spring\n"
      + "\n"
      + "hal@example.com,eng-GB,salon-2026,spring,,,,,," + hash(BCrypt.Version.VERSION_2B, "hal password") + "\n");

    Cli.Run run = Cli.run("users", "import", file.toString(), "--app", "fair");

    assertThat(run.exitCode()).withFailMessage(run.err()).isEqualTo(1);
    Map<String, String> summary = summary(run);
    assertThat(summary).containsEntry("rows", "11").containsEntry("created", "4").containsEntry("skipped", "1")
      .containsEntry("updated", "0").containsEntry("rejected", "6").containsEntry("links", "0");
    assertThat(run.out()).contains("(active 3, pending 1)");
    assertThat(Files.readString(dir.resolve("attendees.csv.rejects.csv"))).isEqualTo("""
      line,email,reasons
      6,not-an-email,email:invalid_email
      7,dan@example.com,language:unsupported_language
      8,eve@example.com,fromSalon:missing; country:not_iso_3166_alpha_3
      9,fay@example.com,passwordHash:not_a_bcrypt_hash
      10,ANN@example.com,email:duplicate_of_line_2
      12,gil@example.com,row:has_4_fields_header_has_10
      """);
    Row ann = db.single("SELECT status, language, from_salon, from_session_salon, from_application_id, profile FROM users "
      + "WHERE email = 'ann@example.com'");
    assertThat(ann.getString("status")).isEqualTo("active");
    assertThat(ann.getUUID("from_application_id").toString()).isEqualTo(fair.id());
    assertThat(ann.getString("from_session_salon")).isEqualTo("spring");
    assertThat((JsonObject) ann.getValue("profile")).isEqualTo(new JsonObject().put("firstname", "Ann").put("lastname", "Lee")
      .put("civility", "1").put("country", "FRA").put("address1", "12, rue de la Paix"));
    assertThat(db.single("SELECT status, profile->>'address1' FROM users WHERE email = 'carl@example.com'").getString(1))
      .isEqualTo("line one\nline two");
    assertThat(db.single("SELECT language FROM users WHERE email = 'bob@example.com'").getString(0)).isEqualTo("fre-FR");
    assertThat(db.single("SELECT profile FROM users WHERE email = 'existing@example.com'").getValue(0))
      .isEqualTo(new JsonObject());
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(5);
  }

  @Test
  void importedHashesLogInAsTheyAre() throws IOException {
    String twoY = hash(BCrypt.Version.VERSION_2Y, "bob password");
    Path file = write("hashes.csv", HEADER
      + "ann@example.com,eng-GB,salon-2026,spring,,,,,," + hash(BCrypt.Version.VERSION_2A, "ann password") + "\n"
      + "bob@example.com,eng-GB,salon-2026,spring,,,,,," + twoY + "\n"
      + "hal@example.com,eng-GB,salon-2026,spring,,,,,," + hash(BCrypt.Version.VERSION_2B, "hal password") + "\n"
      + "carl@example.com,eng-GB,salon-2026,spring,,,,,,\n");

    assertThat(Cli.run("users", "import", file.toString(), "--app", "fair").exitCode()).isZero();

    assertThat(db.single("SELECT password_hash FROM users WHERE email = 'bob@example.com'").getString(0)).isEqualTo(twoY);
    assertThat(Accounts.loginStatus(app, "ann@example.com", "ann password")).isEqualTo(200);
    assertThat(Accounts.loginStatus(app, "bob@example.com", "bob password")).isEqualTo(200);
    assertThat(Accounts.loginStatus(app, "hal@example.com", "hal password")).isEqualTo(200);
    assertThat(Accounts.loginStatus(app, "ann@example.com", "bob password")).isEqualTo(401);
    assertThat(db.single("SELECT status, password_hash FROM users WHERE email = 'carl@example.com'").getString(0))
      .isEqualTo("pending");
  }

  @Test
  void aReRunChangesNothingAndSendsNoEventTwice() throws IOException {
    Webhooks.subscribe(app, db, "fair", receiver.url(), "user.created,user.profile_updated");
    Path file = write("again.csv", HEADER
      + "ann@example.com,eng-GB,salon-2026,spring,Ann,,,,," + hash(BCrypt.Version.VERSION_2A, "ann password") + "\n"
      + "carl@example.com,eng-GB,salon-2026,spring,Carl,,,,,\n");
    assertThat(Cli.run("users", "import", file.toString(), "--app", "fair").exitCode()).isZero();
    Eventually.until(() -> receiver.acknowledged().size() == 2, "two user.created delivered");
    List<String> before = rows("SELECT email, updated_at, password_hash, profile::text FROM users ORDER BY email");

    Cli.Run again = Cli.run("users", "import", file.toString(), "--app", "fair", "--update-profiles");

    assertThat(again.exitCode()).isZero();
    assertThat(summary(again)).containsEntry("created", "0").containsEntry("skipped", "2").containsEntry("updated", "0");
    assertThat(rows("SELECT email, updated_at, password_hash, profile::text FROM users ORDER BY email")).isEqualTo(before);
    assertThat(db.count("SELECT count(*) FROM webhook_events")).isEqualTo(2);
    assertThat(receiver.acknowledged()).extracting(WebhookReceiver.Received::type).containsOnly("user.created");
    assertThat(receiver.acknowledged().get(0).data().getString("applicationId")).isEqualTo(fair.id());
  }

  @Test
  void updateProfilesMergesWhatDiffersAndTellsWhichFields() throws IOException {
    Webhooks.subscribe(app, db, "fair", receiver.url(), "user.profile_updated");
    Path first = write("first.csv", HEADER + "ann@example.com,eng-GB,salon-2026,spring,Ann,Lee,,FRA,,\n");
    Cli.run("users", "import", first.toString(), "--app", "fair");
    Path second = write("second.csv", "email,language,fromSalon,fromSessionSalon,firstname,city\n"
      + "ann@example.com,fre-FR,salon-2026,spring,Ann,Lyon\n");

    Cli.Run skipped = Cli.run("users", "import", second.toString(), "--app", "fair");
    Cli.Run updated = Cli.run("users", "import", second.toString(), "--app", "fair", "--update-profiles");

    assertThat(summary(skipped)).containsEntry("skipped", "1").containsEntry("updated", "0");
    assertThat(summary(updated)).containsEntry("skipped", "0").containsEntry("updated", "1");
    Row ann = db.single("SELECT language, profile FROM users");
    assertThat(ann.getString("language")).isEqualTo("fre-FR");
    assertThat((JsonObject) ann.getValue("profile")).isEqualTo(new JsonObject().put("firstname", "Ann").put("lastname", "Lee")
      .put("country", "FRA").put("city", "Lyon"));
    Eventually.until(() -> receiver.acknowledged().size() == 1, "one user.profile_updated");
    assertThat(receiver.acknowledged().get(0).data().getJsonArray("fields").getList()).containsExactly("city", "language");
  }

  @Test
  void jsonLinesTakeTheSameColumnsAndRules() throws IOException {
    Path file = write("attendees.jsonl", """
      {"email":"ann@example.com","language":"eng-GB","fromSalon":"salon-2026","fromSessionSalon":"spring","city":"Lyon"}

      {"email":"bob@example.com","language":"eng-GB","fromSalon":"salon-2026","fromSessionSalon":"spring","civility":1}
      {"email":"carl@example.com","language":"eng-GB","fromSalon":"salon-2026","fromSessionSalon":"spring","shoeSize":"44"}
      not json
      """);

    Cli.Run run = Cli.run("users", "import", file.toString(), "--app", "fair");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(summary(run)).containsEntry("rows", "4").containsEntry("created", "1").containsEntry("rejected", "3");
    assertThat(Files.readString(dir.resolve("attendees.jsonl.rejects.csv"))).isEqualTo("""
      line,email,reasons
      3,bob@example.com,civility:not_a_string
      4,carl@example.com,shoeSize:unknown_field
      5,,row:not_a_json_object
      """);
    assertThat(db.single("SELECT profile->>'city' FROM users").getString(0)).isEqualTo("Lyon");
  }

  @Test
  void sendLinksQueuesAnAccountLinkMailForEachPendingAccount() throws IOException {
    Path file = write("pending.csv", HEADER
      + "ann@example.com,eng-GB,salon-2026,spring,Ann,,,,,\n"
      + "bob@example.com,fre-FR,salon-2026,spring,Bob,,,,,\n"
      + "hal@example.com,eng-GB,salon-2026,spring,,,,,," + hash(BCrypt.Version.VERSION_2A, "hal password") + "\n");

    Cli.Run run = Cli.run("users", "import", file.toString(), "--app", "fair", "--send-links");

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    assertThat(summary(run)).containsEntry("links", "2");
    var mails = smtp.awaitMessages(2);
    assertThat(mails).extracting(mail -> Mails.textOf(mail).contains("Hello Ann") || Mails.textOf(mail).contains("Hello Bob"))
      .containsOnly(true);
    String token = Mails.tokenIn(mails.get(0));
    assertThat(http.post("/_plugin/Vendor/user/activate", new JsonObject().put("token", token).put("password", "my password!"))
      .statusCode()).isZero();
    assertThat(db.count("SELECT count(*) FROM users WHERE status = 'active'")).isEqualTo(2);
  }

  @Test
  void sendLinksHoldsBackTheMailOfAnAddressThatHadAllItMayGet() throws IOException {
    // five mails reached ann@example.com within the hour (mail.perRecipient is 5/1h by default)
    db.query("INSERT INTO mail_outbox (message_id, kind, recipient, subject, status, sent_at) "
      + "SELECT '<earlier-' || n || '@fair.example>', 'password_reset', 'ann@example.com', 'Earlier', 'sent', now() "
      + "FROM generate_series(1, 5) n");
    Path file = write("pending.csv", HEADER
      + "ann@example.com,eng-GB,salon-2026,spring,Ann,,,,,\n"
      + "bob@example.com,eng-GB,salon-2026,spring,Bob,,,,,\n");

    Cli.Run run = Cli.run("users", "import", file.toString(), "--app", "fair", "--send-links");

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    assertThat(summary(run)).containsEntry("created", "2").containsEntry("links", "1");
    assertThat(run.out()).contains("links\t1\t(1 held back: the address had all the mail mail.perRecipient allows)");
    Row held = db.single("SELECT status, suppressed_reason FROM mail_outbox WHERE recipient = 'ann@example.com' "
      + "AND kind = 'account_link'");
    assertThat(held.getString("status")).isEqualTo("suppressed");
    assertThat(held.getString("suppressed_reason")).isEqualTo("recipient_limit");
    assertThat(db.count("SELECT count(*) FROM account_links l JOIN users u ON u.id = l.user_id "
      + "WHERE u.email = 'ann@example.com'")).as("no link that reaches nobody").isZero();
    assertThat(Mails.recipient(smtp.awaitMessages(1).get(0))).isEqualTo("bob@example.com");
    assertThat(smtp.assertNoMoreThan(1, Duration.ofMillis(700))).hasSize(1);
  }

  @Test
  void fairNamesThatAreNotSlugsAreRejected() throws IOException {
    Path file = write("names.csv", HEADER
      + "ann@example.com,eng-GB,www.evil.example click here,spring,,,,,,\n"
      + "bob@example.com,eng-GB,salon-2026,spring!,,,,,,\n"
      + "carl@example.com,eng-GB,Salon_2026.v2,s-1,,,,,,\n");

    Cli.Run run = Cli.run("users", "import", file.toString(), "--app", "fair");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(summary(run)).containsEntry("created", "1").containsEntry("rejected", "2");
    assertThat(Files.readString(dir.resolve("names.csv.rejects.csv"))).isEqualTo("""
      line,email,reasons
      2,ann@example.com,fromSalon:invalid_slug
      3,bob@example.com,fromSessionSalon:invalid_slug
      """);
    assertThat(db.single("SELECT email FROM users").getString(0)).isEqualTo("carl@example.com");
  }

  @Test
  void aFileThatCannotBeImportedWritesNothing() throws IOException {
    Path unknownColumn = write("typo.csv", "email,language,fromSalon,fromSessionSalon,fistname\nann@example.com,eng-GB,s,s,Ann\n");
    Path noEmail = write("no-email.csv", "language,fromSalon,fromSessionSalon\neng-GB,s,s\n");
    Path empty = write("empty.csv", "");

    Cli.Run typo = Cli.run("users", "import", unknownColumn.toString(), "--app", "fair");

    assertThat(typo.exitCode()).isEqualTo(2);
    assertThat(typo.err()).contains("unknown column \"fistname\"").contains("nothing was imported");
    assertThat(Cli.run("users", "import", noEmail.toString(), "--app", "fair").err()).contains("no column email");
    assertThat(Cli.run("users", "import", empty.toString(), "--app", "fair").exitCode()).isEqualTo(2);
    assertThat(Cli.run("users", "import", noEmail.toString(), "--app", "nobody").exitCode()).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
  }

  @Test
  void sendLinksNeedsALinkUrlOrTheHostedPages() throws IOException {
    Fixtures.application(app, "nolink", true, UserScope.SELF, Optional.empty());
    Path file = write("pending.csv", HEADER + "ann@example.com,eng-GB,salon-2026,spring,,,,,,\n");

    Cli.Run run = Cli.run("users", "import", file.toString(), "--app", "nolink", "--send-links");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("http.publicUrl is not set, and it is needed for --send-links");
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
  }

  private Path write(String name, String content) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, content, StandardCharsets.UTF_8);
    return file;
  }

  private List<String> rows(String sql) {
    List<String> rows = new ArrayList<>();
    db.query(sql).forEach(row -> rows.add(row.deepToString()));
    return rows;
  }

  static String hash(BCrypt.Version version, String password) {
    return new String(BCrypt.with(version).hash(4, password.toCharArray()), StandardCharsets.US_ASCII);
  }

  /** The summary's {@code key<TAB>value} lines. */
  static Map<String, String> summary(Cli.Run run) {
    Map<String, String> values = new HashMap<>();
    for (String line : run.lines()) {
      String[] parts = line.split("\t");
      if (parts.length >= 2) {
        values.put(parts[0], parts[1]);
      }
    }
    return values;
  }
}
