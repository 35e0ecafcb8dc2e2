package io.lanyard.services.webhooks;

import io.lanyard.model.applications.UserScope;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Mails;
import io.lanyard.testing.OpenApiContract;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.WebhookReceiver;
import io.lanyard.testing.Webhooks;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** Webhooks through the real service to a real receiver: signed, each event once, in order per user, only within scope. */
class WebhookDeliveryIT extends SharedServiceFixture {

  private static final String ALL = "all";
  private static final String PASSWORD = "a long password";

  private final WebhookReceiver receiver = new WebhookReceiver();

  @AfterEach
  void stopReceiver() {
    receiver.close();
  }

  @Test
  void eachEventArrivesOnceSignedWithTheSubscriptionSecret() {
    Fixtures.App fair = Fixtures.registrationApp(app, "fair");
    String secret = Webhooks.subscribe(app, db, "fair", receiver.url(), ALL);
    assertThat(secret).startsWith("whsec_");

    http.post("/_plugin/Vendor/user/create", creation("ann@example.com", fair.token(), null, null));
    String link = Mails.tokenIn(smtp.awaitMessages(1).get(0));
    http.post("/_plugin/Vendor/user/activate", new JsonObject().put("token", link).put("password", PASSWORD));
    String jwt = Accounts.login(app, "ann@example.com", PASSWORD);
    http.post("/_plugin/Vendor/thirdParty/updateUser", new JsonObject().put("email", "ann@example.com")
      .put("appToken", fair.token()).put("data", new JsonObject().put("firstname", "Ann").put("city", null)), jwt);

    awaitDelivered(3);
    List<WebhookReceiver.Received> received = receiver.received();
    String userId = db.single("SELECT id FROM users").getUUID(0).toString();
    assertThat(received).extracting(WebhookReceiver.Received::type)
      .containsExactly("user.created", "user.activated", "user.profile_updated");
    assertThat(received.stream().map(WebhookReceiver.Received::id).distinct()).hasSize(3);
    for (WebhookReceiver.Received delivery : received) {
      assertThat(delivery.signedWith(secret)).as("signature of %s", delivery.type()).isTrue();
      assertThat(delivery.signedWith(Webhooks.otherSecret())).as("another secret").isFalse();
      assertThat(delivery.headers().get("content-type")).isEqualTo("application/json");
      assertThat(Long.parseLong(delivery.headers().get("webhook-timestamp")))
        .isBetween(System.currentTimeMillis() / 1000 - 60, System.currentTimeMillis() / 1000 + 1);
      assertThat(delivery.data().getString("userId")).isEqualTo(userId);
      assertThat(delivery.data().getString("email")).isEqualTo("ann@example.com");
      assertThat(delivery.body()).doesNotContain(link, PASSWORD, fair.token(), jwt, "$2a$");
      OpenApiContract.get().checkWebhook(delivery.type(), delivery.body());
    }
    assertThat(received.get(0).data().getString("status")).isEqualTo("pending");
    assertThat(received.get(0).data().getString("applicationId")).isEqualTo(fair.id());
    assertThat(received.get(2).data().getJsonArray("fields")).isEqualTo(new JsonArray().add("firstname").add("city"));
    assertThat(received.get(2).json().getString("timestamp")).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
    assertThat(db.count("SELECT count(*) FROM webhook_deliveries WHERE status = 'delivered' AND attempts = 1")).isEqualTo(3);
  }

  @Test
  void aReceiverThatIsDownThenBackGetsEveryEventInOrderPerUser() {
    Fixtures.App fair = Fixtures.registrationApp(app, "fair");
    Webhooks.subscribe(app, db, "fair", receiver.url(), ALL);
    receiver.stop();

    for (int user = 0; user < 3; user++) {
      String email = "user" + user + "@example.com";
      http.post("/_plugin/Vendor/user/createWithPassword", creation(email, fair.token(), PASSWORD, false));
      String jwt = Accounts.login(app, email, PASSWORD);
      for (int change = 1; change <= 3; change++) {
        http.post("/_plugin/Vendor/thirdParty/updateUser", new JsonObject().put("email", email).put("appToken", fair.token())
          .put("data", new JsonObject().put("city", "City " + change)), jwt);
      }
    }
    Eventually.until(() -> db.count("SELECT count(*) FROM webhook_deliveries WHERE attempts >= 2") >= 3,
      "the first event of every user tried and failed twice");
    assertThat(db.count("SELECT count(*) FROM webhook_deliveries WHERE status = 'pending'")).isEqualTo(12);
    receiver.start();

    awaitDelivered(12);
    for (int user = 0; user < 3; user++) {
      String email = "user" + user + "@example.com";
      List<String> events = receiver.acknowledged().stream().filter(delivery -> email.equals(delivery.data().getString("email")))
        .map(delivery -> delivery.type() + (delivery.type().equals("user.created") ? "" : " " + delivery.id()))
        .toList();
      assertThat(events).hasSize(4).first().isEqualTo("user.created");
      assertThat(events.subList(1, 4)).isEqualTo(idsInOrderOfChange(email));
    }
    assertThat(receiver.acknowledged().stream().map(WebhookReceiver.Received::id).distinct()).hasSize(12);
  }

  @Test
  void anApplicationHearsOfItsOwnUsersAndScopeAnyOfEveryUser() {
    Fixtures.App badges = Fixtures.application(app, "badges", true, UserScope.SELF, Optional.of(Fixtures.LINK_URL));
    Fixtures.App portal = Fixtures.application(app, "portal", true, UserScope.NONE, Optional.of(Fixtures.LINK_URL));
    Fixtures.App crm = Fixtures.application(app, "crm", false, UserScope.ANY, Optional.empty());
    try (WebhookReceiver portalReceiver = new WebhookReceiver(); WebhookReceiver crmReceiver = new WebhookReceiver()) {
      Webhooks.subscribe(app, db, "badges", receiver.url(), ALL);
      Webhooks.subscribe(app, db, "portal", portalReceiver.url(), ALL);
      Webhooks.subscribe(app, db, "crm", crmReceiver.url(), "user.created");

      http.post("/_plugin/Vendor/user/createWithPassword", creation("badge@example.com", badges.token(), PASSWORD, false));
      http.post("/_plugin/Vendor/user/createWithPassword", creation("portal@example.com", portal.token(), PASSWORD, false));
      String jwt = Accounts.login(app, "badge@example.com", PASSWORD);
      http.post("/_plugin/Vendor/thirdParty/updateUser", new JsonObject().put("email", "badge@example.com")
        .put("appToken", crm.token()).put("data", new JsonObject().put("firstname", "Bea")), jwt);

      awaitDelivered(5);
      assertThat(summary(receiver)).containsExactly("user.created badge@example.com", "user.profile_updated badge@example.com");
      assertThat(summary(portalReceiver)).containsExactly("user.created portal@example.com");
      assertThat(summary(crmReceiver)).containsExactlyInAnyOrder("user.created badge@example.com",
        "user.created portal@example.com");
      assertThat(receiver.received().get(1).data().getString("applicationId")).isEqualTo(crm.id());
    }
  }

  @Test
  void withoutSubscriptionsNoEventIsWritten() {
    Fixtures.App fair = Fixtures.registrationApp(app, "fair");

    http.post("/_plugin/Vendor/user/createWithPassword", creation("ann@example.com", fair.token(), PASSWORD, false));

    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM webhook_events")).isZero();
  }

  @Test
  void onlyTheEventTypesSubscribedToAreSent() {
    Fixtures.App fair = Fixtures.registrationApp(app, "fair");
    Webhooks.subscribe(app, db, "fair", receiver.url(), "user.profile_updated");
    http.post("/_plugin/Vendor/user/createWithPassword", creation("ann@example.com", fair.token(), PASSWORD, false));
    String jwt = Accounts.login(app, "ann@example.com", PASSWORD);

    http.post("/_plugin/Vendor/thirdParty/updateUser", new JsonObject().put("email", "ann@example.com")
      .put("appToken", fair.token()).put("data", new JsonObject().put("lastname", "Lee")), jwt);

    awaitDelivered(1);
    assertThat(receiver.received()).extracting(WebhookReceiver.Received::type).containsExactly("user.profile_updated");
    assertThat(db.count("SELECT count(*) FROM webhook_events")).isEqualTo(1);
  }

  private void awaitDelivered(long deliveries) {
    Eventually.until(() -> db.count("SELECT count(*) FROM webhook_deliveries WHERE status = 'delivered'") == deliveries,
      deliveries + " deliveries made");
  }

  /** The webhook-ids of a user's profile updates in the order the changes were made (the outbox's order). */
  private List<String> idsInOrderOfChange(String email) {
    return db.query("""
        SELECT e.id FROM webhook_events e JOIN webhook_deliveries d ON d.event_id = e.id JOIN users u ON u.id = e.user_id
        WHERE u.email = $1 AND e.type = 'user.profile_updated' ORDER BY d.id""", email).stream()
      .map(row -> "user.profile_updated msg_" + row.getUUID(0))
      .collect(Collectors.toList());
  }

  private static List<String> summary(WebhookReceiver receiver) {
    return receiver.received().stream().map(delivery -> delivery.type() + " " + delivery.data().getString("email")).toList();
  }
}
