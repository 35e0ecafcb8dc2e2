package io.lanyard.selfservice.emailchange;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonObject;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** requestEmailChange and confirmEmailChange: the new address confirms, the old one is told, nothing leaks about others. */
class EmailChangeIT extends SharedServiceFixture {

  private static final String REQUEST = "/_plugin/Vendor/user/requestEmailChange";
  private static final String CONFIRM = "/_plugin/Vendor/user/confirmEmailChange";
  private static final String EMAIL = "ann@example.com";
  private static final String NEW_EMAIL = "ann.lee@example.org";

  private Fixtures.App fair;
  private String jwt;

  @BeforeEach
  void account() {
    fair = Fixtures.lifecycleApp(app, "fair");
    http.post("/_plugin/Vendor/user/createWithPassword", creation(EMAIL, fair.token(), Accounts.PASSWORD, false));
    jwt = Accounts.login(app, EMAIL);
  }

  @Test
  void theNewAddressConfirmsAndTheOldOneIsTold() {
    String other = Accounts.login(app, EMAIL);

    Http.Response asked = request(" Ann.Lee@Example.org ", Accounts.PASSWORD);
    MimeMessage confirmation = Mails.awaitTo(smtp, NEW_EMAIL, "Confirm your new e-mail address");
    String token = Mails.tokenIn(confirmation);
    assertThat(db.single("SELECT email FROM users").getString(0)).as("nothing changes before the link is used").isEqualTo(EMAIL);
    Http.Response confirmed = confirm(token);

    assertThat(asked.body().getString("controller")).isEqualTo("Vendor/userController");
    assertThat(asked.result()).isEqualTo(new JsonObject().put("statusCode", 0).put("message", "generic_success"));
    assertThat(Mails.textOf(confirmation)).contains("https://fair.example/email?token=" + token).contains(NEW_EMAIL);
    assertThat(confirmed.body().getString("controller")).isEqualTo("Vendor/AuthController");
    assertThat(confirmed.statusCode()).isZero();
    assertThat(db.single("SELECT email FROM users").getString(0)).isEqualTo(NEW_EMAIL);
    assertThat(Mails.textOf(Mails.awaitTo(smtp, EMAIL, "Your e-mail address was changed"))).contains(NEW_EMAIL);
    assertThat(confirm(token).statusCode()).isEqualTo(191);
    assertThat(http.get("/_me", other).status()).as("other sessions stay").isEqualTo(200);
    assertThat(Accounts.loginStatus(app, NEW_EMAIL, Accounts.PASSWORD)).isEqualTo(200);
    assertThat(Accounts.loginStatus(app, EMAIL, Accounts.PASSWORD)).isEqualTo(401);
  }

  @Test
  void anAddressWithAnAccountGetsANoticeAndTheReplyIsTheSame() {
    http.post("/_plugin/Vendor/user/createWithPassword", creation("bob@example.com", fair.token(), Accounts.PASSWORD, false));

    Http.Response taken = request("bob@example.com", Accounts.PASSWORD);
    Http.Response free = request(NEW_EMAIL, Accounts.PASSWORD);

    taken.body().remove("requestId");
    free.body().remove("requestId");
    assertThat(taken.body()).isEqualTo(free.body());
    MimeMessage notice = Mails.awaitTo(smtp, "bob@example.com", "given for another account");
    assertThat(Mails.textOf(notice)).doesNotContain("token=").doesNotContain(EMAIL);
    assertThat(db.count("SELECT count(*) FROM email_changes WHERE new_email = 'bob@example.com'")).isZero();
  }

  @Test
  void theConfirmationCarriesNoTextOfTheAccountToAnAddressNotProvenYet() {
    db.query("UPDATE users SET profile = jsonb_build_object('firstname', 'Win a prize at www.evil.example')");

    request(NEW_EMAIL, Accounts.PASSWORD);

    String text = Mails.textOf(Mails.awaitTo(smtp, NEW_EMAIL, "Confirm your new e-mail address"));
    assertThat(text).startsWith("Hello,").doesNotContain("evil");
  }

  @Test
  void aWrongOrMissingCurrentPasswordIs192() {
    assertThat(request(NEW_EMAIL, "not the password").statusCode()).isEqualTo(192);
    assertThat(http.post(REQUEST, new JsonObject().put("newEmail", NEW_EMAIL), jwt).statusCode()).isEqualTo(192);
    assertThat(db.count("SELECT count(*) FROM email_changes")).isZero();
    smtp.assertNoMoreThan(0, Duration.ofMillis(300));
  }

  @Test
  void badRequestsAreRefused() {
    assertThat(http.post(REQUEST, new JsonObject().put("currentPassword", Accounts.PASSWORD), jwt).statusCode()).isEqualTo(131);
    assertThat(request("nope", Accounts.PASSWORD).statusCode()).isEqualTo(190);
    assertThat(http.post(REQUEST, new JsonObject().put("newEmail", NEW_EMAIL)).status()).isEqualTo(401);
    assertThat(confirm("A".repeat(43)).statusCode()).isEqualTo(191);
    assertThat(http.post(CONFIRM, new JsonObject().put("token", 7)).statusCode()).isEqualTo(191);
    assertThat(http.post(CONFIRM, new JsonObject()).statusCode()).isEqualTo(191);
  }

  @Test
  void noEmailUrlIs124() {
    db.query("UPDATE applications SET email_url = NULL");
    app.reloadCaches();

    assertThat(request(NEW_EMAIL, Accounts.PASSWORD).statusCode()).isEqualTo(124);
  }

  @Test
  void anAddressTakenMeanwhileIs143AndTheLinkStaysUnused() {
    request(NEW_EMAIL, Accounts.PASSWORD);
    String token = Mails.tokenIn(Mails.awaitTo(smtp, NEW_EMAIL, "Confirm"));
    http.post("/_plugin/Vendor/user/createWithPassword", creation(NEW_EMAIL, fair.token(), Accounts.PASSWORD, false));

    Http.Response confirmed = confirm(token);

    assertThat(confirmed.result()).isEqualTo(new JsonObject().put("statusCode", 143).put("message", "create_user_already_exist"));
    assertThat(db.count("SELECT count(*) FROM users WHERE email = $1", EMAIL)).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM email_changes WHERE used_at IS NULL")).isEqualTo(1);
  }

  @Test
  void anExpiredLinkIs191() {
    request(NEW_EMAIL, Accounts.PASSWORD);
    String token = Mails.tokenIn(Mails.awaitTo(smtp, NEW_EMAIL, "Confirm"));
    db.query("UPDATE email_changes SET expires_at = now() - interval '1 second'");

    assertThat(confirm(token).statusCode()).isEqualTo(191);
    assertThat(db.single("SELECT email FROM users").getString(0)).isEqualTo(EMAIL);
  }

  private Http.Response request(String newEmail, String currentPassword) {
    return http.post(REQUEST, new JsonObject().put("newEmail", newEmail).put("currentPassword", currentPassword), jwt);
  }

  private Http.Response confirm(String token) {
    return http.post(CONFIRM, new JsonObject().put("token", token));
  }
}
