package io.lanyard.services.webhooks;

import io.lanyard.platform.config.Secret;
import io.lanyard.services.events.EventType;
import io.lanyard.services.events.SubscriptionRepository;
import io.lanyard.services.events.SubscriptionSecrets;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.lanyard.testing.WebhookReceiver;
import io.lanyard.testing.Webhooks;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.lanyard.testing.Await.await;
import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The webhook outbox loses nothing: not to a stop between commit and delivery, not to a stop in the middle of a delivery;
 * several instances share it; deliveries that fail to the last attempt are dead, counted and replayed from the CLI. The
 * class has a database of its own, so only the services its tests start deliver its events.
 */
class WebhookOutboxIT {

  private static final String PASSWORD = "a long password";
  private static TestDb db;

  private final WebhookReceiver receiver = new WebhookReceiver();

  @BeforeAll
  static void ownDatabase() {
    db = TestDb.create();
  }

  @BeforeEach
  void emptyDatabase() {
    if (db.count("SELECT count(*) FROM pg_tables WHERE tablename = 'users'") == 1) {
      db.truncate();
    }
  }

  @AfterEach
  void stopReceiver() {
    receiver.close();
  }

  @Test
  void anEventCommittedWhileNoInstanceDeliversIsDeliveredAtTheNextStart() {
    String secret;
    try (TestApp first = start(Map.of())) {
      Fixtures.App fair = Fixtures.registrationApp(first, "fair");
      secret = Webhooks.subscribe(first, db, "fair", receiver.url(), "user.disabled");
      first.http().post("/_plugin/Vendor/user/createWithPassword", creation("ann@example.com", fair.token(), PASSWORD, false));
    }

    Cli.Run disabled = Cli.runOn(db, "users", "disable", "ann@example.com");

    assertThat(disabled.exitCode()).withFailMessage(disabled.err()).isZero();
    assertThat(db.count("SELECT count(*) FROM webhook_deliveries WHERE status = 'pending'")).isEqualTo(1);
    assertThat(receiver.received()).isEmpty();
    try (TestApp second = start(Map.of())) {
      Eventually.until(() -> delivered() == 1, "delivered by the instance started after the commit");
    }
    assertThat(receiver.received()).hasSize(1);
    assertThat(receiver.received().get(0).type()).isEqualTo("user.disabled");
    assertThat(receiver.received().get(0).signedWith(secret)).isTrue();
  }

  @Test
  void aStopInTheMiddleOfADeliveryLosesNothing() {
    receiver.hang(true);
    Map<String, String> shortTimeout = Map.of("LANYARD_WEBHOOK_TIMEOUT", "300ms");
    try (TestApp first = start(shortTimeout)) {
      Fixtures.App fair = Fixtures.registrationApp(first, "fair");
      Webhooks.subscribe(first, db, "fair", receiver.url(), "user.created");
      first.http().post("/_plugin/Vendor/user/createWithPassword", creation("ann@example.com", fair.token(), PASSWORD, false));
      Eventually.until(() -> !receiver.received().isEmpty(), "the delivery is under way");
    }
    receiver.hang(false);

    try (TestApp second = start(shortTimeout)) {
      Eventually.until(() -> delivered() == 1, "delivered after the restart");
    }
    List<WebhookReceiver.Received> acknowledged = receiver.acknowledged();
    assertThat(acknowledged).hasSize(1);
    assertThat(receiver.received()).extracting(WebhookReceiver.Received::id).containsOnly(acknowledged.get(0).id());
  }

  @Test
  void twoInstancesShareTheOutboxAndSendEachEventOnce() {
    try (TestApp first = start(Map.of()); TestApp second = start(Map.of())) {
      Fixtures.App fair = Fixtures.registrationApp(first, "fair");
      second.reloadCaches();
      Webhooks.subscribe(first, db, "fair", receiver.url(), "user.created");
      second.reloadCaches();

      for (int i = 0; i < 40; i++) {
        TestApp through = i % 2 == 0 ? first : second;
        assertThat(through.http().post("/_plugin/Vendor/user/createWithPassword",
          creation("user" + i + "@example.com", fair.token(), PASSWORD, false)).statusCode()).isZero();
      }

      Eventually.until(() -> delivered() == 40, "every event delivered");
    }
    assertThat(receiver.received()).hasSize(40);
    assertThat(receiver.received().stream().map(WebhookReceiver.Received::id).distinct()).hasSize(40);
  }

  @Test
  void failingToTheLastAttemptIsDeadThenRetryDeadReplaysIt() {
    receiver.answer(500);
    try (TestApp service = start(Map.of("LANYARD_WEBHOOK_MAX_ATTEMPTS", "2"))) {
      Fixtures.App fair = Fixtures.registrationApp(service, "fair");
      Webhooks.subscribe(service, db, "fair", receiver.url(), "user.created");
      service.http().post("/_plugin/Vendor/user/createWithPassword", creation("ann@example.com", fair.token(), PASSWORD, false));
      Eventually.until(() -> db.count("SELECT count(*) FROM webhook_deliveries WHERE status = 'dead'") == 1, "dead");
      assertThat(receiver.received()).hasSize(2);

      Map<String, String> status = status();
      assertThat(status.get("dead")).isEqualTo("1");
      assertThat(status.get("pending")).isEqualTo("0");
      assertThat(status.get("last_error")).isEqualTo("the receiver answered 500");
      assertThat(scrape(service)).contains("lanyard_webhook_deliveries_total{outcome=\"dead\"} 1.0");
      Eventually.until(() -> scrape(service).contains("lanyard_webhook_outbox_deliveries{state=\"dead\"} 1.0"),
        "the dead delivery in the backlog gauge");

      receiver.answer(204);
      Cli.Run retried = Cli.runOn(db, "webhooks", "retry-dead", "--app", "fair");

      assertThat(retried.lines()).containsExactly("Re-queued 1 dead delivery");
      Eventually.until(() -> delivered() == 1, "delivered once replayed");
    }
    assertThat(receiver.acknowledged()).hasSize(1);
    assertThat(status().get("delivered")).isEqualTo("1");
  }

  @Test
  void aSlowReceiverDoesNotSlowRequests() {
    receiver.hang(true);
    try (TestApp service = start(Map.of("LANYARD_WEBHOOK_TIMEOUT", "30s"))) {
      Fixtures.App fair = Fixtures.registrationApp(service, "fair");
      Webhooks.subscribe(service, db, "fair", receiver.url(), "user.created");
      for (int i = 0; i < 5; i++) {
        service.http().post("/_plugin/Vendor/user/createWithPassword",
          creation("user" + i + "@example.com", fair.token(), PASSWORD, false));
      }
      Eventually.until(() -> receiver.received().size() == 5, "five deliveries held by the receiver");

      assertThat(Accounts.loginStatus(service, "user0@example.com", PASSWORD)).isEqualTo(200);
      assertThat(service.http().post("/_plugin/Vendor/user/createWithPassword",
        creation("late@example.com", fair.token(), PASSWORD, false)).statusCode()).isZero();
      assertThat(db.count("SELECT count(*) FROM webhook_deliveries WHERE status = 'pending'")).isEqualTo(6);
    }
  }

  @Test
  void aSecretSealedWithTheKeySignsWhileTheDatabaseHoldsOnlyCiphertext() {
    String secret = WebhookSignature.newSecret();
    try (TestApp service = start(Map.of())) {
      Fixtures.App fair = Fixtures.registrationApp(service, "fair");
      String sealed = SubscriptionSecrets.with(Optional.of(new Secret(TestApp.JWT_SECRET_KEY))).toStore(secret);
      await(new SubscriptionRepository().save(service.lanyard().pool(), fair.id(), receiver.url(),
        List.of(EventType.USER_CREATED), sealed, false));
      service.reloadCaches();

      service.http().post("/_plugin/Vendor/user/createWithPassword", creation("ann@example.com", fair.token(), PASSWORD, false));

      Eventually.until(() -> delivered() == 1, "delivered");
    }
    assertThat(db.single("SELECT secret FROM webhook_subscriptions").getString(0)).startsWith("aes256gcm:v1:")
      .doesNotContain(secret.substring("whsec_".length()));
    assertThat(receiver.received().get(0).signedWith(secret)).isTrue();
  }

  @Test
  void aSecretSealedWithAnotherKeyIsNeverUsedAndSaysWhy() {
    try (TestApp service = start(Map.of("LANYARD_WEBHOOK_MAX_ATTEMPTS", "1"))) {
      Fixtures.App fair = Fixtures.registrationApp(service, "fair");
      String sealed = SubscriptionSecrets.with(Optional.of(new Secret("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")))
        .toStore(WebhookSignature.newSecret());
      await(new SubscriptionRepository().save(service.lanyard().pool(), fair.id(), receiver.url(),
        List.of(EventType.USER_CREATED), sealed, false));
      service.reloadCaches();

      service.http().post("/_plugin/Vendor/user/createWithPassword", creation("ann@example.com", fair.token(), PASSWORD, false));

      Eventually.until(() -> db.count("SELECT count(*) FROM webhook_deliveries WHERE status = 'dead'") == 1, "dead");
    }
    assertThat(receiver.received()).isEmpty();
    assertThat(db.single("SELECT last_error FROM webhook_deliveries").getString(0))
      .isEqualTo("the subscription's secret does not open with this instance's LANYARD_JWT_SECRET_KEY");
  }

  private TestApp start(Map<String, String> settings) {
    Map<String, String> env = new HashMap<>(settings);
    env.put("LANYARD_DB_URI", db.uri());
    env.put("LANYARD_DB_POOL_SIZE", "4");
    return TestApp.start(env);
  }

  private long delivered() {
    return db.count("SELECT count(*) FROM webhook_deliveries WHERE status = 'delivered'");
  }

  /** {@code webhooks status}: column → value of the one subscription's line. */
  private Map<String, String> status() {
    Cli.Run run = Cli.runOn(db, "webhooks", "status");
    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    String[] header = run.lines().get(0).split("\t");
    String[] values = run.lines().get(1).split("\t");
    Map<String, String> status = new HashMap<>();
    for (int i = 0; i < header.length; i++) {
      status.put(header[i], values[i]);
    }
    return status;
  }

  private static String scrape(TestApp service) {
    return service.http().get("/metrics").text();
  }
}
