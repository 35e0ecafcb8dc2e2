package io.lanyard.services.webhooks;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.Mails;
import io.lanyard.testing.OpenApiContract;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.WebhookReceiver;
import io.lanyard.testing.Webhooks;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** The account lifecycle's webhooks: a password reset or change, an address change, a disable, a deletion. */
class LifecycleWebhooksIT extends SharedServiceFixture {

  private static final String EMAIL = "ann@example.com";
  private static final String NEW_PASSWORD = "a brand new password";

  private final WebhookReceiver receiver = new WebhookReceiver();
  private Fixtures.App fair;
  private String userId;

  @BeforeEach
  void subscribedAccount() {
    fair = Fixtures.lifecycleApp(app, "fair");
    Webhooks.subscribe(app, db, "fair", receiver.url(), "user.password_changed,user.email_changed,user.disabled,user.deleted");
    http.post("/_plugin/Vendor/user/createWithPassword", creation(EMAIL, fair.token(), Accounts.PASSWORD, false));
    userId = db.single("SELECT id::text FROM users").getString(0);
  }

  @AfterEach
  void stopReceiver() {
    receiver.close();
  }

  @Test
  void aResetAndAChangeOfPasswordAreTold() {
    http.post("/_plugin/Vendor/user/requestPasswordReset", new JsonObject().put("email", EMAIL).put("fromThirdParty", fair.token()));
    String token = Mails.tokenIn(Mails.awaitTo(smtp, EMAIL, "Reset your password"));
    assertThat(http.post("/_plugin/Vendor/user/resetPassword", new JsonObject().put("token", token).put("password", NEW_PASSWORD))
      .statusCode()).isZero();
    String jwt = Accounts.login(app, EMAIL, NEW_PASSWORD);
    Http.Response changed = http.send(HttpMethod.PUT, "/credentials/local/_me/_update", new JsonObject()
      .put("password", Accounts.PASSWORD).put("currentPassword", NEW_PASSWORD).toBuffer(), Http.bearer(jwt));
    assertThat(changed.status()).isEqualTo(200);

    awaitDelivered(2);
    assertThat(types()).containsExactly("user.password_changed", "user.password_changed");
    assertThat(receiver.acknowledged().get(0).data()).isEqualTo(new JsonObject().put("userId", userId).put("email", EMAIL));
    assertThat(receiver.acknowledged().get(0).body()).doesNotContain(token, NEW_PASSWORD);
  }

  @Test
  void anAddressChangeTellsTheNewAddress() {
    String jwt = Accounts.login(app, EMAIL);
    http.post("/_plugin/Vendor/user/requestEmailChange", new JsonObject().put("newEmail", "ann.lee@example.org")
      .put("currentPassword", Accounts.PASSWORD), jwt);
    String token = Mails.tokenIn(Mails.awaitTo(smtp, "ann.lee@example.org", "Confirm your new e-mail address"));

    assertThat(http.post("/_plugin/Vendor/user/confirmEmailChange", new JsonObject().put("token", token)).statusCode()).isZero();

    awaitDelivered(1);
    assertThat(types()).containsExactly("user.email_changed");
    assertThat(receiver.acknowledged().get(0).data().getString("email")).isEqualTo("ann.lee@example.org");
  }

  @Test
  void aDisableThenADeletionAreToldTheDeletionWithTheIdAlone() {
    assertThat(Cli.run("users", "disable", EMAIL).exitCode()).isZero();
    assertThat(Cli.run("users", "enable", EMAIL).exitCode()).isZero();
    String jwt = Accounts.login(app, EMAIL);

    assertThat(http.post("/_plugin/Vendor/user/deleteAccount", new JsonObject().put("currentPassword", Accounts.PASSWORD), jwt)
      .statusCode()).isZero();

    awaitDelivered(2);
    assertThat(types()).containsExactly("user.disabled", "user.deleted");
    WebhookReceiver.Received deleted = receiver.acknowledged().get(1);
    assertThat(deleted.data()).isEqualTo(new JsonObject().put("userId", userId));
    assertThat(deleted.body()).doesNotContain(EMAIL);
    for (WebhookReceiver.Received delivery : receiver.acknowledged()) {
      OpenApiContract.get().checkWebhook(delivery.type(), delivery.body());
    }
  }

  @Test
  void anOperatorsDeletionIsToldToTheApplicationThatCreatedTheAccount() {
    assertThat(Cli.run("users", "delete", EMAIL).exitCode()).isZero();

    awaitDelivered(1);
    assertThat(types()).containsExactly("user.deleted");
    assertThat(db.single("SELECT status FROM users").getString(0)).isEqualTo("deleted");
  }

  private void awaitDelivered(long deliveries) {
    Eventually.until(() -> db.count("SELECT count(*) FROM webhook_deliveries WHERE status = 'delivered'") == deliveries,
      deliveries + " deliveries made");
  }

  private List<String> types() {
    return receiver.acknowledged().stream().map(WebhookReceiver.Received::type).toList();
  }
}
