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
 * Suspect sources (docs/security.md#suspect-sources), through the trusted proxy's header as a botnet's addresses would come:
 * twenty sources fail three times each (half on existing accounts, half on names nobody has), then flood the hash queue
 * while its only thread is held, as in ReservedHashingIT. They fill their half of the ordinary part and get 503; a
 * first-timer from a fresh source (no marker, never signed in), a source whose failures were followed by a success, and an
 * allow-listed source that failed as often still get a place and sign in, and fresh sources fill the rest of the ordinary
 * part. No time is measured.
 */
class SuspectSourcesIT {

  private static final String BCRYPT_POOL = "lanyard-bcrypt";
  private static final int FAILURES = 3;
  private static final int SUSPECTS = 20;
  private static final int FLOOD_PER_SOURCE = 15;
  private static final int VICTIMS = 5;
  /** Fresh sources, one guess each: more than the ordinary part of the queue holds past the suspects' half. */
  private static final int FRESH = 300;
  private static final String WRONG = "a wrong password";

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
  void suspectSourcesFillTheirPartWhileAFirstTimerSignsIn() {
    db.truncate();
    // a budget long enough that the queue holds dozens of cost-10 hashes however loaded the machine, and a database queue
    // that refuses none of the queued logins' lockout writes on a loaded machine (a refusal gives its place back)
    app = TestApp.start(Map.of("LANYARD_HASH_THREADS", "1", "LANYARD_BCRYPT_COST", "10", "LANYARD_HASH_QUEUE_BUDGET", "10s",
      "LANYARD_DB_QUEUE_BUDGET", "60s", "LANYARD_HTTP_TRUSTED_PROXIES", "127.0.0.1", "LANYARD_SOURCE_RATE_CREDENTIALS", "off",
      "LANYARD_SOURCE_ALLOWLIST", "192.0.2.0/24", "LANYARD_SUSPECT_FAILURES", Integer.toString(FAILURES)));
    http = app.http(SUSPECTS * FLOOD_PER_SOURCE + FRESH + 20);
    for (int i = 0; i < VICTIMS; i++) {
      Accounts.createActive(app, "victim" + i + "@example.com");
    }
    for (String person : List.of("first", "recovered", "venue", "known", "behind-a-bot")) {
      Accounts.createActive(app, person + "@example.com");
    }

    // one at a time (a source that failed has a smaller part of the queue): sources 1-10 guess existing accounts' passwords,
    // 11-20 names nobody has, and both kinds of failure count alike
    for (int source = 1; source <= SUSPECTS; source++) {
      for (int attempt = 0; attempt < FAILURES; attempt++) {
        login(suspect(source), source <= SUSPECTS / 2 ? "victim" + (source * FAILURES + attempt) % VICTIMS + "@example.com"
          : "nobody-" + source + "-" + attempt + "@example.com", WRONG, 401);
      }
    }
    // a person who mistyped as often, then got it right; the venue's allow-listed network, where many mistype
    for (int attempt = 0; attempt < FAILURES; attempt++) {
      login("198.51.100.20", "recovered@example.com", WRONG, 401);
    }
    login("198.51.100.20", "known@example.com", Accounts.PASSWORD, 200);
    for (int attempt = 0; attempt < FAILURES + 2; attempt++) {
      login("192.0.2.50", "nobody-venue-" + attempt + "@example.com", WRONG, 401);
    }
    assertThat(metric("lanyard_suspect_sources")).isEqualTo(SUSPECTS);

    CountDownLatch letGo = new CountDownLatch(1);
    WorkerExecutor bcryptPool = app.vertx().createSharedWorkerExecutor(BCRYPT_POOL, 1);
    bcryptPool.executeBlocking(() -> letGo.await(60, TimeUnit.SECONDS), false);
    List<Future<Http.Response>> flood = new ArrayList<>();
    List<Future<Http.Response>> fresh = new ArrayList<>();
    List<Future<Http.Response>> people = new ArrayList<>();
    Http.Response suspectOwner;
    long suspectsQueued;
    long ordinaryPart;
    try {
      for (int i = 0; i < SUSPECTS * FLOOD_PER_SOURCE; i++) {
        flood.add(send(suspect(i % SUSPECTS + 1), "spray" + i + "@example.com", WRONG));
      }
      Eventually.until(() -> flood.stream().filter(Future::isComplete).count() + inFlight() == flood.size(),
        "every suspect request is refused or queued");
      suspectsQueued = inFlight();
      // the owner of an account signing in from an address a bot shares: one more suspect request, the same 503
      suspectOwner = await(send(suspect(1), "behind-a-bot@example.com", Accounts.PASSWORD));
      for (String[] person : new String[][] {{"198.51.100.7", "first"}, {"198.51.100.20", "recovered"},
        {"192.0.2.50", "venue"}}) {
        long queued = inFlight();
        Future<Http.Response> login = send(person[0], person[1] + "@example.com", Accounts.PASSWORD);
        Eventually.until(() -> login.isComplete() || inFlight() == queued + 1, person[1] + " is answered or queued");
        people.add(login);
      }
      // fresh sources, one guess each, fill the rest of the ordinary part (none holds a place: only its end refuses them)
      for (int i = 0; i < FRESH; i++) {
        fresh.add(send("203.0." + (114 + i / 200) + "." + (i % 200 + 1), "fresh" + i + "@example.com", WRONG));
      }
      Eventually.until(() -> fresh.stream().filter(Future::isComplete).count() + inFlight()
        == suspectsQueued + people.size() + fresh.size(), "every fresh request is refused or queued");
      ordinaryPart = inFlight();
    } finally {
      letGo.countDown();
      bcryptPool.close();
    }
    await(Future.join(flood), 120);
    await(Future.join(fresh), 120);

    for (Future<Http.Response> login : people) {
      Http.Response reply = await(login, 120);
      assertThat(reply.status()).withFailMessage(reply.pretty()).isEqualTo(200);
    }
    List<Http.Response> refused = flood.stream().map(Future::result).filter(reply -> reply.status() == 503).toList();
    assertThat(refused).as("the suspects are refused past their part").isNotEmpty();
    for (int source = 1; source <= SUSPECTS; source++) {
      String address = suspect(source);
      assertThat(refusedFrom(flood, address)).as("%s: existing and unknown names count alike", address).isPositive();
    }
    assertThat(flood.stream().filter(reply -> reply.result().status() == 401).count()).isEqualTo(flood.size() - refused.size());
    assertThat(suspectOwner.status()).as("no new oracle: a suspect source's right password gets the flood's 503")
      .isEqualTo(503);
    assertThat(suspectOwner.error().getString("id")).isEqualTo("api.process.overloaded");
    assertThat(suspectOwner.headers().get("Retry-After")).isNotNull();
    assertThat(fresh.stream().filter(reply -> reply.result().status() == 503).count())
      .as("the fresh sources filled the ordinary part").isPositive();
    assertThat(suspectsQueued).as("the suspects held at most half of the ordinary part (%d places)", ordinaryPart)
      .isPositive().isLessThanOrEqualTo(ordinaryPart / 2);
    assertThat(metric("lanyard_hash_refusals_total{lane=\"suspect\"}")).isEqualTo(refused.size() + 1);
  }

  private static String suspect(int n) {
    return "203.0.113." + n;
  }

  private static long refusedFrom(List<Future<Http.Response>> flood, String address) {
    long refused = 0;
    for (int i = 0; i < flood.size(); i++) {
      if (suspect(i % SUSPECTS + 1).equals(address) && flood.get(i).result().status() == 503) {
        refused++;
      }
    }
    return refused;
  }

  private long inFlight() {
    return app.lanyard().hasher().inFlight();
  }

  /** A login, answered {@code expected}. */
  private void login(String source, String username, String password, int expected) {
    Http.Response reply = await(send(source, username, password), 60);
    assertThat(reply.status()).withFailMessage(() -> source + " " + username + ": " + reply.pretty()).isEqualTo(expected);
  }

  private Future<Http.Response> send(String source, String username, String password) {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("X-Forwarded-For", source);
    return http.sendAsync(HttpMethod.POST, "/_login/local",
      new JsonObject().put("username", username).put("password", password).toBuffer(), headers);
  }

  private double metric(String series) {
    return http.get("/metrics").text().lines().filter(line -> line.startsWith(series + " "))
      .mapToDouble(line -> Double.parseDouble(line.substring(series.length() + 1))).findFirst().orElse(0);
  }
}
