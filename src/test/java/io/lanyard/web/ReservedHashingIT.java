package io.lanyard.web;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Http;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static io.lanyard.testing.Await.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reserve of the hash queue (docs/security.md#reserved-hashing): a spray from 300 sources, one guess each over ever new
 * names, fills the ordinary part of the queue, which the fair share cannot stop (every source holds one place); a person
 * with a device marker, and one whose name signed in lately, still get a place and sign in, while a first-timer is refused
 * with 503 like the rest of the flood. As in HashFairShareIT, no time is measured: the test holds the only bcrypt thread
 * while the flood arrives.
 */
class ReservedHashingIT {

  private static final String BCRYPT_POOL = "lanyard-bcrypt";
  private static final int FLOOD = 300;

  private final TestDb db = TestDb.get();
  private TestApp app;
  private Http http;

  @AfterEach
  void stop() {
    if (app != null) {
      app.close();
    }
  }

  @Test
  void returningPeopleGetInPastAFloodFromManySources() {
    db.truncate();
    // a budget long enough that the queue holds dozens of cost-10 hashes however loaded the machine: the reserve is a quarter;
    // and a database queue that refuses none of the queued logins' lockout writes on a loaded machine (a refusal there gives
    // the login's place back, and a first-timer then found one)
    app = TestApp.start(Map.of("LANYARD_HASH_THREADS", "1", "LANYARD_BCRYPT_COST", "10", "LANYARD_HASH_QUEUE_BUDGET", "10s",
      "LANYARD_DB_QUEUE_BUDGET", "60s", "LANYARD_HTTP_TRUSTED_PROXIES", "127.0.0.1", "LANYARD_SOURCE_RATE_CREDENTIALS", "off", "LANYARD_SOURCE_ALLOWLIST", ""));
    http = app.http(FLOOD + 10);
    Accounts.createActive(app, "marked@example.com");
    Accounts.createActive(app, "returning@example.com");
    Accounts.createActive(app, "first@example.com");
    String marker = await(login("192.0.2.1", "marked@example.com", Accounts.PASSWORD, null)).result().getString("deviceToken");
    assertThat(await(login("192.0.2.2", "returning@example.com", Accounts.PASSWORD, null)).status()).isEqualTo(200);
    CountDownLatch letGo = new CountDownLatch(1);
    WorkerExecutor bcryptPool = app.vertx().createSharedWorkerExecutor(BCRYPT_POOL, 1);
    bcryptPool.executeBlocking(() -> letGo.await(60, TimeUnit.SECONDS), false);

    List<Future<Http.Response>> flood = new ArrayList<>();
    Future<Http.Response> marked;
    Future<Http.Response> returning;
    Http.Response firstTimer;
    try {
      for (int i = 0; i < FLOOD; i++) {
        flood.add(login("203.0." + (i / 200) + "." + (i % 200 + 1), "guess" + i + "@example.com", "a wrong password", null));
      }
      Eventually.until(() -> flood.stream().filter(Future::isComplete).count() + app.lanyard().hasher().inFlight() == FLOOD,
        "every flooding request is refused or queued");
      long queued = app.lanyard().hasher().inFlight();
      firstTimer = await(login("198.51.100.7", "first@example.com", Accounts.PASSWORD, null));
      Future<Http.Response> returningLogin = login("198.51.100.8", "returning@example.com", Accounts.PASSWORD, null);
      Eventually.until(() -> returningLogin.isComplete() || app.lanyard().hasher().inFlight() == queued + 1,
        "the returning person is answered or queued");
      Future<Http.Response> markedLogin = login("198.51.100.9", "marked@example.com", Accounts.PASSWORD, marker);
      Eventually.until(() -> markedLogin.isComplete() || app.lanyard().hasher().inFlight() == queued + 2,
        "the marked person is answered or queued");
      returning = returningLogin;
      marked = markedLogin;
    } finally {
      letGo.countDown();
      bcryptPool.close();
    }
    await(Future.join(flood), 60);

    assertThat(firstTimer.status()).as("a first-timer is one source among the flood's").isEqualTo(503);
    assertThat(firstTimer.error().getString("id")).isEqualTo("api.process.overloaded");
    Http.Response returningReply = await(returning, 60);
    assertThat(returningReply.status()).withFailMessage(returningReply.pretty()).isEqualTo(200);
    Http.Response markedReply = await(marked, 60);
    assertThat(markedReply.status()).withFailMessage(markedReply.pretty()).isEqualTo(200);
    long refused = flood.stream().filter(reply -> reply.result().status() == 503).count();
    assertThat(refused).as("the flood is refused past the ordinary part").isGreaterThan(0);
    assertThat(flood.stream().filter(reply -> reply.result().status() == 401).count()).isEqualTo(FLOOD - refused);
  }

  private Future<Http.Response> login(String source, String username, String password, String marker) {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("X-Forwarded-For", source);
    if (marker != null) {
      headers.add("X-Lanyard-Device", marker);
    }
    return http.sendAsync(HttpMethod.POST, "/_login/local",
      new JsonObject().put("username", username).put("password", password).toBuffer(), headers);
  }
}
