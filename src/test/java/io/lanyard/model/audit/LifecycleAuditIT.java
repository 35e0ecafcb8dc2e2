package io.lanyard.model.audit;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** The account lifecycle in the audit trail: resets, changes, refusals of a current password, erasure, the export. */
class LifecycleAuditIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";
  private static final String NEW_PASSWORD = "a brand new password";

  private Fixtures.App fair;
  private String userId;

  @BeforeEach
  void account() {
    fair = Fixtures.lifecycleApp(app, "fair");
    http.post("/_plugin/Vendor/user/createWithPassword", creation(EMAIL, fair.token(), Accounts.PASSWORD, false));
    userId = db.single("SELECT id::text FROM users").getString(0);
  }

  @Test
  void resetsChangesAndRefusedCurrentPasswordsAreRecordedAndExported() {
    http.post("/_plugin/Vendor/user/requestPasswordReset", new JsonObject().put("email", EMAIL).put("fromThirdParty", fair.token()));
    http.post("/_plugin/Vendor/user/requestPasswordReset", new JsonObject().put("email", "nobody@example.com")
      .put("fromThirdParty", fair.token()));
    String token = Mails.tokenIn(Mails.awaitTo(smtp, EMAIL, "Reset your password"));
    http.post("/_plugin/Vendor/user/resetPassword", new JsonObject().put("token", token).put("password", NEW_PASSWORD));
    String jwt = Accounts.login(app, EMAIL, NEW_PASSWORD);
    assertThat(changePassword(jwt, "not the password").status()).isEqualTo(401);
    assertThat(changePassword(jwt, NEW_PASSWORD).status()).isEqualTo(200);
    http.post("/_plugin/Vendor/user/requestEmailChange", new JsonObject().put("newEmail", "ann.lee@example.org")
      .put("currentPassword", Accounts.PASSWORD), jwt);
    String change = Mails.tokenIn(Mails.awaitTo(smtp, "ann.lee@example.org", "Confirm your new e-mail address"));
    http.post("/_plugin/Vendor/user/confirmEmailChange", new JsonObject().put("token", change));

    Eventually.until(() -> kinds().contains("email.changed"), "the address change written");
    assertThat(kinds()).containsExactly("password_reset.requested", "password_reset.requested", "password_reset.completed",
      "login.succeeded", "login.failed", "password.changed", "email.changed");
    assertThat(db.query("SELECT identifier FROM audit_events WHERE kind = 'password_reset.requested' ORDER BY id").stream()
      .map(row -> row.getString(0)).toList()).containsExactly(EMAIL, "nobody@example.com");
    Row refused = db.single("SELECT user_id::text, detail, host(source) FROM audit_events WHERE kind = 'login.failed'");
    assertThat(refused.getString(0)).isEqualTo(userId);
    assertThat(refused.getString(1)).isEqualTo("current_password");
    assertThat(refused.getString(2)).isEqualTo("127.0.0.1");
    JsonArray exported = http.get("/_plugin/Vendor/user/exportData", jwt).result().getJsonObject("data")
      .getJsonArray("securityEvents");
    assertThat(exported.stream().map(event -> ((JsonObject) event).getString("kind")).toList())
      .containsExactly("password_reset.completed", "login.succeeded", "login.failed", "password.changed", "email.changed");
  }

  @Test
  void anErasureKeepsWhatHappenedButNoLongerTheAddressOrTheBrowser() {
    String jwt = Accounts.login(app, EMAIL);
    Accounts.loginStatus(app, EMAIL, "a wrong password");
    Eventually.until(() -> kinds().size() == 2, "two logins written");

    assertThat(http.post("/_plugin/Vendor/user/deleteAccount", new JsonObject().put("currentPassword", Accounts.PASSWORD), jwt)
      .statusCode()).isZero();

    Eventually.until(() -> kinds().contains("account.deleted"), "the deletion written");
    assertThat(db.count("SELECT count(*) FROM audit_events WHERE user_id = $1::uuid", userId)).isEqualTo(3);
    assertThat(db.count("SELECT count(*) FROM audit_events WHERE identifier IS NOT NULL OR user_agent IS NOT NULL")).isZero();
    assertThat(db.count("SELECT count(*) FROM audit_events WHERE source IS NOT NULL")).isEqualTo(3);
  }

  @Test
  void theHelpDesksChangesAreRecordedAsTheClis() {
    assertThat(Cli.run("users", "send-reset", EMAIL).exitCode()).isZero();
    assertThat(Cli.run("users", "delete", EMAIL).exitCode()).isZero();

    List<String> agents = new ArrayList<>();
    db.query("SELECT kind, user_agent FROM audit_events ORDER BY id").forEach(row -> agents.add(row.getString(0) + " "
      + row.getString(1)));
    assertThat(agents).containsExactly("password_reset.requested lanyard-cli", "account.deleted lanyard-cli");
    assertThat(db.count("SELECT count(*) FROM audit_events WHERE identifier IS NOT NULL")).isZero();
    assertThat(db.single("SELECT user_id::text FROM audit_events WHERE kind = 'account.deleted'").getString(0)).isEqualTo(userId);
  }

  private Http.Response changePassword(String jwt, String currentPassword) {
    return http.send(HttpMethod.PUT, "/credentials/local/_me/_update", new JsonObject().put("password", Accounts.PASSWORD)
      .put("currentPassword", currentPassword).toBuffer(), Http.bearer(jwt));
  }

  private List<String> kinds() {
    List<String> kinds = new ArrayList<>();
    db.query("SELECT kind FROM audit_events ORDER BY occurred_at, id").forEach(row -> kinds.add(row.getString(0)));
    return kinds;
  }
}
