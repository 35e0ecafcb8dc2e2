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
 * The fair share of hashing (docs/decisions.md §7): while the hash queue is contended, a source flooding it is refused past its
 * share, and another source still gets a place. No time is measured: the test holds the only bcrypt thread (a task of its own
 * on the same named worker pool, waiting on a latch) while the flood arrives, so nothing hashed finishes until it lets go.
 */
class HashFairShareIT {

  /** The name of the service's bcrypt worker pool: a worker executor of that name shares its threads. */
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
  void aFloodingSourceIsRefusedPastItsShareWhileAnotherSourceGetsIn() {
    db.truncate();
    // sources through a trusted proxy; no per-source rate, so only the hash queue decides. bcrypt of a real cost, so that
    // the queue holds far fewer hashes than the flood offers (2 s of cost-10 hashes, dozens), however fast the machine
    app = TestApp.start(Map.of("LANYARD_HASH_THREADS", "1", "LANYARD_BCRYPT_COST", "10",
      "LANYARD_HTTP_TRUSTED_PROXIES", "127.0.0.1", "LANYARD_SOURCE_RATE_CREDENTIALS", "off", "LANYARD_SOURCE_ALLOWLIST", ""));
    http = app.http(FLOOD + 10);
    Accounts.createActive(app, "person@example.com");
    CountDownLatch letGo = new CountDownLatch(1);
    WorkerExecutor bcryptPool = app.vertx().createSharedWorkerExecutor(BCRYPT_POOL, 1);
    bcryptPool.executeBlocking(() -> letGo.await(60, TimeUnit.SECONDS), false);

    List<Future<Http.Response>> flood = new ArrayList<>();
    Future<Http.Response> person;
    long queued;
    try {
      for (int i = 0; i < FLOOD; i++) {
        // a new name each time, as a password sprayer goes: the lockout never steps in
        flood.add(login("203.0.113.66", "guess" + i + "@example.com", "a wrong password"));
      }
      Eventually.until(() -> flood.stream().filter(Future::isComplete).count() + app.lanyard().hasher().inFlight() == FLOOD,
        "every flooding request is refused or queued");
      queued = app.lanyard().hasher().inFlight();
      person = login("192.0.2.10", "person@example.com", Accounts.PASSWORD);
      Eventually.until(() -> person.isComplete() || app.lanyard().hasher().inFlight() == queued + 1,
        "the person is answered or queued");
    } finally {
      letGo.countDown();
      bcryptPool.close();
    }
    await(Future.join(flood), 60);

    Http.Response admitted = await(person, 60);
    assertThat(admitted.status()).withFailMessage(admitted.pretty()).isEqualTo(200);
    long refused = flood.stream().filter(reply -> reply.result().status() == 503).count();
    assertThat(refused).as("the flood is refused past its share").isGreaterThan(0);
    assertThat(queued).as("the flood held some of the queue").isGreaterThan(0);
    flood.stream().map(Future::result).filter(reply -> reply.status() == 503).forEach(reply -> {
      assertThat(reply.error().getString("id")).isEqualTo("api.process.overloaded");
      assertThat(reply.headers().get("Retry-After")).matches("[1-9][0-9]*");
    });
    assertThat(flood.stream().filter(reply -> reply.result().status() == 401).count()).isEqualTo(queued);
  }

  private Future<Http.Response> login(String source, String username, String password) {
    return http.sendAsync(HttpMethod.POST, "/_login/local",
      new JsonObject().put("username", username).put("password", password).toBuffer(),
      MultiMap.caseInsensitiveMultiMap().add("X-Forwarded-For", source));
  }
}
