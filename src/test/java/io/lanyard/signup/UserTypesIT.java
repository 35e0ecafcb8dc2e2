package io.lanyard.signup;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** getAllUserTypes: the operator's list, in order, from memory, following CLI changes on every instance. */
class UserTypesIT extends SharedServiceFixture {

  private static final String PATH = "/_plugin/Vendor/user/getAllUserTypes";

  private String jwt;

  @BeforeEach
  void account() {
    Accounts.createActive(app, "ann@example.com");
    jwt = Accounts.login(app, "ann@example.com");
  }

  @Test
  void listsTheTypesInTheirConfiguredOrder() {
    assertThat(Cli.run("user-types", "set", "visitor", "exhibitor", "press", "VIP guest").exitCode()).isZero();

    Http.Response response = awaitTypes(http, jwt, List.of("visitor", "exhibitor", "press", "VIP guest"));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.body().getString("controller")).isEqualTo("Vendor/userController");
    assertThat(response.body().getString("action")).isEqualTo("getAllUserTypes");
    assertThat(response.body().getValue("error")).isNull();
    assertThat(response.result().fieldNames()).containsExactly("statusCode", "message", "data");
    assertThat(response.statusCode()).isZero();
    assertThat(response.result().getString("message")).isEqualTo("generic_success");
    assertThat(response.result().getJsonObject("data").fieldNames()).containsExactly("userTypes");
  }

  @Test
  void emptyListIsAnEmptyArray() {
    Http.Response response = awaitTypes(http, jwt, List.of());

    assertThat(response.result().getJsonObject("data").getJsonArray("userTypes")).isEqualTo(new JsonArray());
  }

  @Test
  void postIsAcceptedAndTheBodyEmailIgnored() {
    Cli.run("user-types", "set", "visitor");
    awaitTypes(http, jwt, List.of("visitor"));

    Http.Response response = http.post(PATH, new JsonObject().put("email", "whoever@example.com"), jwt);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.result().getJsonObject("data").getJsonArray("userTypes")).isEqualTo(new JsonArray().add("visitor"));
  }

  @Test
  void cliChangeReachesARunningInstanceByNotificationWithinSeconds() {
    // A refresh interval of an hour: only LISTEN/NOTIFY can bring the change in time.
    try (TestApp other = TestApp.start(Map.of("LANYARD_CACHE_REFRESH_INTERVAL", "1h"))) {
      Cli.run("user-types", "set", "a", "b");
      awaitTypes(other.http(), jwt, List.of("a", "b"));

      Cli.run("user-types", "set", "b", "c", "a");

      awaitTypes(other.http(), jwt, List.of("b", "c", "a"));
      awaitTypes(http, jwt, List.of("b", "c", "a"));
    }
  }

  @Test
  void databaseFailureIs228WithNothingLeaked() {
    TestDb.get().query("ALTER TABLE user_types RENAME TO user_types_away");
    try (TestApp broken = TestApp.start(Map.of())) {
      Http.Response response = broken.http().get(PATH, jwt);

      assertThat(response.status()).isEqualTo(200);
      assertThat(response.body().getValue("error")).isNull();
      assertThat(response.result()).isEqualTo(new JsonObject().put("statusCode", 228).put("message", "generic_error"));
    } finally {
      TestDb.get().query("ALTER TABLE user_types_away RENAME TO user_types");
    }
  }

  /** Polls until the list is the expected one (a few seconds at most) and returns that reply. */
  static Http.Response awaitTypes(Http http, String jwt, List<String> expected) {
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    Http.Response response;
    do {
      response = http.get(PATH, jwt);
      if (response.status() == 200 && response.result().getJsonObject("data") != null
        && response.result().getJsonObject("data").getJsonArray("userTypes").getList().equals(expected)) {
        return response;
      }
      sleep();
    } while (System.nanoTime() < deadline);
    throw new AssertionError("user types never became " + expected + ": " + response.pretty());
  }

  private static void sleep() {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
