package io.lanyard.web.console;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.lanyard.testing.UserAgent;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's actions through HTTP as a browser sends them: a GET only asks to confirm and changes nothing; the confirmed
 * POST (with the anti-forgery token) runs the CLI's operation, whose effect is checked where it shows (a login, a token, the
 * rows), and is audited with the staff member's id; without the token, or for someone without a role, nothing happens.
 */
class ConsoleActionsIT {

  private static final String DESK = ConsoleFixture.DESK;
  private static final String ANN = ConsoleAccessIT.ANN;
  private static final String WRONG = "not the password";
  private static final String NEW_ADDRESS = "ann.fixed@example.com";

  private static TestApp app;
  private static String issuer;
  private final TestDb db = TestDb.get();
  private UserAgent browser;
  private String deskId;
  private String annId;
  private String form;

  @BeforeAll
  static void start() {
    app = OidcProviderApp.start(Map.of("LANYARD_LOCKOUT_FAILURES", "3", "LANYARD_LOCKOUT_WAIT", "10m",
      "LANYARD_LOCKOUT_MAX_WAIT", "15m"));
    issuer = OidcProviderApp.issuer(app);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void signedInStaff() {
    db.truncate();
    deskId = Accounts.createActive(app, DESK);
    annId = Accounts.createActive(app, ANN);
    Cli.run("staff", "grant", DESK, "--role", "desk");
    browser = new UserAgent(issuer);
    UserAgent.Page home = browser.submit(browser.open(console("")), Map.of("email", DESK, "password", Accounts.PASSWORD));
    assertThat(home.status()).withFailMessage(home.body()).isEqualTo(200);
    form = home.hiddenFields().get("form");
  }

  @Test
  void theAccountPageOffersTheActionsAndAConfirmationChangesNothing() {
    failLogins(3);

    UserAgent.Page account = browser.open(console("accounts/" + annId));
    UserAgent.Page confirm = browser.open(console("accounts/" + annId + "/unlock"));

    assertThat(account.body()).contains("/console/accounts/" + annId + "/unlock", "/end-sessions", "/disable");
    assertThat(confirm.status()).isEqualTo(200);
    assertThat(confirm.body()).contains("Forget the failed logins of " + ANN, "action=\"/console/accounts/" + annId + "/unlock\"");
    assertThat(db.count("SELECT count(*) FROM login_lockouts")).isEqualTo(1);
  }

  @Test
  void unlockLiftsTheLockAndIsAuditedWithTheStaffMember() {
    failLogins(3);
    assertThat(Accounts.loginStatus(app, ANN, Accounts.PASSWORD)).isEqualTo(429);

    UserAgent.Page done = browser.post(console("accounts/" + annId + "/unlock"), Map.of("form", form));

    assertThat(done.status()).withFailMessage(done.body()).isEqualTo(200);
    assertThat(done.body()).contains("The lock of " + ANN + " is lifted");
    assertThat(Accounts.loginStatus(app, ANN, Accounts.PASSWORD)).isEqualTo(200);
    awaitAudit("login.unlocked");
    Row event = db.single("SELECT user_id::text, detail, source::text FROM audit_events WHERE kind = 'login.unlocked'");
    assertThat(event.getString(0)).isEqualTo(annId);
    assertThat(event.getString(1)).isEqualTo("by staff " + deskId + ", was locked, failures 3");
    assertThat(event.getString(2)).startsWith("127.0.0.1");
  }

  @Test
  void endingEverySessionRefusesTheTokensAndKeepsTheAccount() {
    String token = Accounts.login(app, ANN);

    UserAgent.Page done = browser.post(console("accounts/" + annId + "/end-sessions"), Map.of("form", form));

    assertThat(done.body()).contains("Every session of " + ANN + " has ended");
    assertThat(app.http().get("/_me", token).status()).isEqualTo(401);
    assertThat(Accounts.loginStatus(app, ANN, Accounts.PASSWORD)).isEqualTo(200);
    awaitAudit("sessions.ended");
    assertThat(db.single("SELECT detail FROM audit_events WHERE kind = 'sessions.ended'").getString(0))
      .isEqualTo("by staff " + deskId);
  }

  @Test
  void disableThenEnable() {
    String token = Accounts.login(app, ANN);

    UserAgent.Page disabled = browser.post(console("accounts/" + annId + "/disable"), Map.of("form", form));

    assertThat(disabled.body()).contains(ANN + " is disabled");
    assertThat(db.single("SELECT status FROM users WHERE id = $1::uuid", annId).getString(0)).isEqualTo("disabled");
    assertThat(app.http().get("/_me", token).status()).isEqualTo(401);
    assertThat(Accounts.loginStatus(app, ANN, Accounts.PASSWORD)).isEqualTo(401);
    assertThat(browser.open(console("accounts/" + annId)).body()).contains("/enable").doesNotContain("/disable\"");

    UserAgent.Page enabled = browser.post(console("accounts/" + annId + "/enable"), Map.of("form", form));

    assertThat(enabled.body()).contains(ANN + " is enabled again");
    assertThat(Accounts.loginStatus(app, ANN, Accounts.PASSWORD)).isEqualTo(200);
    awaitAudit("account.enabled");
    assertThat(db.single("SELECT detail FROM audit_events WHERE kind = 'account.disabled'").getString(0))
      .isEqualTo("by staff " + deskId);
    assertThat(db.single("SELECT detail FROM audit_events WHERE kind = 'account.enabled'").getString(0))
      .isEqualTo("by staff " + deskId);
  }

  @Test
  void anActionWithoutTheAntiForgeryTokenDoesNothing() {
    UserAgent.Page forged = browser.post(console("accounts/" + annId + "/disable"), Map.of("form", "forged"));

    assertThat(forged.status()).isEqualTo(400);
    assertThat(db.single("SELECT status FROM users WHERE id = $1::uuid", annId).getString(0)).isEqualTo("active");
  }

  @Test
  void anAccountWithoutARoleGets403OnTheActionsAndChangesNothing() {
    UserAgent visitor = new UserAgent(issuer);
    visitor.submit(visitor.open(console("")), Map.of("email", ANN, "password", Accounts.PASSWORD));

    for (AccountActions.Kind kind : AccountActions.Kind.values()) {
      assertThat(visitor.open(console("accounts/" + deskId + "/" + kind.path())).status()).isEqualTo(403);
      assertThat(visitor.post(console("accounts/" + deskId + "/" + kind.path()), Map.of("form", form)).status()).isEqualTo(403);
    }
    assertThat(db.single("SELECT status FROM users WHERE id = $1::uuid", deskId).getString(0)).isEqualTo("active");
  }

  @Test
  void sendLinkQueuesAResetLinkForTheAccountsApplication() {
    Cli.Run created = Cli.run("apps", "create", "--name", "badges");
    assertThat(created.exitCode()).withFailMessage(created.err()).isZero();
    db.query("UPDATE users SET from_application_id = (SELECT id FROM applications WHERE name = 'badges') WHERE id = $1::uuid",
      annId);
    app.reloadCaches();

    UserAgent.Page done = browser.post(console("accounts/" + annId + "/send-link"), Map.of("form", form));

    assertThat(done.body()).contains("A password-reset link to " + ANN + " is queued");
    Row mail = db.single("SELECT kind, recipient FROM mail_outbox WHERE user_id = $1::uuid", annId);
    assertThat(mail.getString(0)).isEqualTo("password_reset");
    assertThat(mail.getString(1)).isEqualTo(ANN);
    awaitAudit("password_reset.requested");
    assertThat(db.single("SELECT detail FROM audit_events WHERE kind = 'password_reset.requested'").getString(0))
      .isEqualTo("by staff " + deskId);
  }

  @Test
  void sendLinkSaysWhyWhenTheAccountHasNoApplication() {
    UserAgent.Page done = browser.post(console("accounts/" + annId + "/send-link"), Map.of("form", form));

    assertThat(done.body()).contains("Nothing was sent", "users send-reset --app");
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
  }

  @Test
  void exportDownloadsTheAccountsFileAsJsonAndIsAudited() {
    UserAgent.Page confirm = browser.open(console("accounts/" + annId + "/export"));
    assertThat(confirm.body()).contains("Download everything stored about " + ANN);

    UserAgent.Page file = browser.post(console("accounts/" + annId + "/export"), Map.of("form", form));

    assertThat(file.status()).isEqualTo(200);
    assertThat(file.header("Content-Type").orElseThrow()).startsWith("application/json");
    assertThat(file.header("Content-Disposition").orElseThrow()).isEqualTo("attachment; filename=\"account-" + annId + ".json\"");
    assertThat(file.header("Cache-Control")).contains("no-store");
    JsonObject export = new JsonObject(file.body());
    assertThat(export.getJsonObject("account").getString("email")).isEqualTo(ANN);
    assertThat(file.body()).doesNotContain("$2");
    awaitAudit("account.exported");
    assertThat(db.single("SELECT detail FROM audit_events WHERE kind = 'account.exported'").getString(0))
      .isEqualTo("by staff " + deskId);
  }

  @Test
  void anExportWithoutTheAntiForgeryTokenGivesNoFile() {
    UserAgent.Page forged = browser.post(console("accounts/" + annId + "/export"), Map.of("form", "forged"));

    assertThat(forged.status()).isEqualTo(400);
    assertThat(forged.body()).doesNotContain(ANN);
  }

  @Test
  void aDeskMemberCannotEraseNorIsOfferedTo() {
    UserAgent.Page account = browser.open(console("accounts/" + annId));
    UserAgent.Page confirm = browser.open(console("accounts/" + annId + "/erase"));
    UserAgent.Page erase = browser.post(console("accounts/" + annId + "/erase"), Map.of("form", form, "confirm", ANN));

    assertThat(account.body()).doesNotContain("/erase");
    assertThat(confirm.status()).isEqualTo(403);
    assertThat(erase.status()).isEqualTo(403);
    assertThat(erase.body()).contains("needs the admin role");
    assertThat(db.single("SELECT status FROM users WHERE id = $1::uuid", annId).getString(0)).isEqualTo("active");
    assertThat(db.count("SELECT count(*) FROM audit_events WHERE kind = 'account.deleted'")).isZero();
  }

  @Test
  void anAdminErasesOnlyWithTheAddressTyped() {
    Cli.run("staff", "grant", DESK, "--role", "admin");
    assertThat(browser.open(console("accounts/" + annId)).body()).contains("/console/accounts/" + annId + "/erase");

    UserAgent.Page mistyped = browser.post(console("accounts/" + annId + "/erase"),
      Map.of("form", form, "confirm", "someone@example.com"));

    assertThat(mistyped.status()).isEqualTo(400);
    assertThat(mistyped.body()).contains("nothing was erased", "aria-invalid=\"true\"");
    assertThat(db.single("SELECT status FROM users WHERE id = $1::uuid", annId).getString(0)).isEqualTo("active");

    UserAgent.Page erased = browser.post(console("accounts/" + annId + "/erase"), Map.of("form", form, "confirm", " Ann@Example.com"));

    assertThat(erased.status()).isEqualTo(200);
    assertThat(erased.body()).contains(ANN + " is erased");
    assertThat(db.single("SELECT status, email FROM users WHERE id = $1::uuid", annId).getString(0)).isEqualTo("deleted");
    assertThat(Accounts.loginStatus(app, ANN, Accounts.PASSWORD)).isEqualTo(401);
    assertThat(browser.open(console("accounts/" + annId)).status()).isEqualTo(404);
    awaitAudit("account.deleted");
    assertThat(db.single("SELECT detail FROM audit_events WHERE kind = 'account.deleted'").getString(0))
      .isEqualTo("by staff " + deskId);
  }

  @Test
  void theCliEndsSessionsWithTheSameOperation() {
    String token = Accounts.login(app, ANN);

    Cli.Run run = Cli.run("users", "end-sessions", ANN, "--operator", "sam");

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    assertThat(run.lines()).containsExactly(annId);
    assertThat(app.http().get("/_me", token).status()).isEqualTo(401);
    assertThat(db.single("SELECT detail FROM audit_events WHERE kind = 'sessions.ended'").getString(0))
      .isEqualTo("by operator sam");
  }

  @Test
  void correctingTheAddressMailsALinkToTheNewOneWhichConfirmsIt() {
    Smtp.shared().clear();
    UserAgent.Page confirm = browser.open(console("accounts/" + annId + "/correct-address"));
    assertThat(confirm.status()).isEqualTo(200);
    assertThat(confirm.body()).contains("Give " + ANN + " a corrected address", "name=\"newEmail\"", "type=\"email\"");

    UserAgent.Page done = browser.post(console("accounts/" + annId + "/correct-address"),
      Map.of("form", form, "newEmail", " Ann.Fixed@Example.com "));

    assertThat(done.status()).withFailMessage(done.body()).isEqualTo(200);
    assertThat(done.body()).contains("A confirmation link is on its way", ANN + " stays the account")
      .doesNotContain("token");
    MimeMessage link = Mails.awaitTo(Smtp.shared(), NEW_ADDRESS, "Confirm your new e-mail address");
    assertThat(db.single("SELECT email FROM users WHERE id = $1::uuid", annId).getString(0))
      .as("the old address is in force until the link is followed").isEqualTo(ANN);
    Http.Response confirmed = app.http().post("/_plugin/Vendor/user/confirmEmailChange",
      new JsonObject().put("token", Mails.tokenIn(link)));
    assertThat(confirmed.statusCode()).withFailMessage(confirmed.pretty()).isZero();
    assertThat(db.single("SELECT email FROM users WHERE id = $1::uuid", annId).getString(0)).isEqualTo(NEW_ADDRESS);
    awaitAudit("email_change.requested");
    Row event = db.single("SELECT user_id::text, identifier, detail FROM audit_events WHERE kind = 'email_change.requested'");
    assertThat(event.getString(0)).isEqualTo(annId);
    assertThat(event.getString(1)).isEqualTo(ANN);
    assertThat(event.getString(2)).isEqualTo("by staff " + deskId);
  }

  @Test
  void anAddressOfAnotherAccountGetsTheSameAnswerAndTheInUseNotice() {
    Smtp.shared().clear();
    UserAgent.Page done = browser.post(console("accounts/" + annId + "/correct-address"), Map.of("form", form, "newEmail", DESK));

    assertThat(done.status()).isEqualTo(200);
    assertThat(done.body()).contains("A confirmation link is on its way");
    assertThat(Mails.textOf(Mails.awaitTo(Smtp.shared(), DESK, "given for another account"))).doesNotContain("token=");
    assertThat(db.count("SELECT count(*) FROM email_changes")).isZero();
  }

  @Test
  void anInvalidNewAddressGetsTheFormAgainAndChangesNothing() {
    UserAgent.Page refused = browser.post(console("accounts/" + annId + "/correct-address"),
      Map.of("form", form, "newEmail", "ann at example"));
    UserAgent.Page forged = browser.post(console("accounts/" + annId + "/correct-address"),
      Map.of("form", "forged", "newEmail", NEW_ADDRESS));

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.body()).contains("This is not an e-mail address", "aria-invalid=\"true\"", "name=\"newEmail\"");
    assertThat(forged.status()).isEqualTo(400);
    assertThat(db.count("SELECT count(*) FROM email_changes")).isZero();
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
    assertThat(db.count("SELECT count(*) FROM audit_events WHERE kind = 'email_change.requested'")).isZero();
  }

  @Test
  void theCliCorrectsTheAddressWithTheSameOperation() {
    Smtp.shared().clear();
    Cli.Run invalid = Cli.run("users", "correct-address", ANN, "not-an-address", "--operator", "sam");
    Cli.Run unknown = Cli.run("users", "correct-address", "nobody@example.com", NEW_ADDRESS, "--operator", "sam");
    assertThat(invalid.exitCode()).isEqualTo(2);
    assertThat(invalid.err()).contains("NEW_EMAIL: not an e-mail address");
    assertThat(unknown.exitCode()).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM email_changes")).isZero();

    // the link leads to the hosted page, as the account has no application of its own
    Cli.Run run = Cli.runWithEnvironment(Map.of("LANYARD_PUBLIC_URL", issuer), "users", "correct-address", ANN, NEW_ADDRESS,
      "--operator", "sam");

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    assertThat(run.out()).contains(annId).doesNotContain("token");
    String token = Mails.tokenIn(Mails.awaitTo(Smtp.shared(), NEW_ADDRESS, "Confirm your new e-mail address"));
    assertThat(run.out() + run.err()).doesNotContain(token);
    assertThat(db.single("SELECT email FROM users WHERE id = $1::uuid", annId).getString(0)).isEqualTo(ANN);
    assertThat(db.single("SELECT detail FROM audit_events WHERE kind = 'email_change.requested'").getString(0))
      .isEqualTo("by operator sam");
  }

  private void failLogins(int times) {
    for (int i = 0; i < times; i++) {
      Accounts.loginStatus(app, ANN, WRONG);
    }
  }

  private void awaitAudit(String kind) {
    io.lanyard.testing.Eventually.until(() -> db.count("SELECT count(*) FROM audit_events WHERE kind = $1", kind) > 0,
      kind + " written");
  }

  private static URI console(String path) {
    return URI.create(issuer + "/console/" + path);
  }
}
