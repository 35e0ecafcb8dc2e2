package io.lanyard.platform.db;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.DbFaults;
import io.lanyard.testing.Http;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.lanyard.testing.Await.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pipelined reads ({@code /_me}) and a real table lock held by another session ({@code LOCK TABLE users IN ACCESS
 * EXCLUSIVE MODE}): every read answers 503 {@code services.storage.unavailable} with {@code Retry-After} within
 * {@code db.lockTimeout} and a margin, the first as well as those pipelined behind it on the same connections; once the lock
 * is gone, they answer 200 again.
 */
class PipelinedReadLockIT {

  private static final Duration LOCK_TIMEOUT = Duration.ofSeconds(2);
  /**
   * Each read's own deadline is db.lockTimeout + 1 s from its call (PipelinedReads); then up to 2 s of HTTP and event loops on
   * a busy machine (measured up to 1.3 s at a load average of 15 on 2 cores). Reads waiting one lock_timeout after another, the
   * fault this guards against, would take 4 s, 6 s, 8 s… with 30 reads on a few connections: still far past it.
   */
  private static final Duration MARGIN = Duration.ofSeconds(1 + 2);
  private static final int READS = 30;

  private TestDb db;
  private TestApp app;

  @BeforeEach
  void ownDatabase() {
    db = TestDb.create();
  }

  @AfterEach
  void stop() {
    if (app != null) {
      app.close();
    }
  }

  @Test
  void readsOfALockedTableAnswer503AtTheLockDeadlineEvenPipelinedBehindEachOther() {
    app = TestApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_DB_LOCK_TIMEOUT", LOCK_TIMEOUT.toMillis() + "ms",
      "LANYARD_DB_QUEUE_BUDGET", "10s"));
    List<String> tokens = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      String email = "reader" + i + "@example.com";
      Accounts.createActive(app, email);
      tokens.add(Accounts.login(app, email));
    }
    assertThat(app.http().get("/_me", tokens.get(0)).status()).isEqualTo(200);

    // every read in flight at once, each on an HTTP connection of its own
    Http http = app.http(READS);
    List<Future<Http.Response>> warmUp = new ArrayList<>();
    for (int i = 0; i < READS; i++) {
      warmUp.add(http.getAsync("/_me", tokens.get(i % tokens.size())));
    }
    warmUp.forEach(read -> assertThat(await(read, 60).status()).isEqualTo(200));
    List<Future<Http.Response>> reads = new ArrayList<>();
    List<Long> took = new ArrayList<>();
    try (DbFaults.Lock users = DbFaults.lock(db, "users")) {
      long started = System.nanoTime();
      for (int i = 0; i < READS; i++) {
        reads.add(http.getAsync("/_me", tokens.get(i % tokens.size()))
          .onComplete(done -> { synchronized (took) { took.add((System.nanoTime() - started) / 1_000_000); } }));
      }
      for (Future<Http.Response> read : reads) {
        Http.Response response = await(read, 60);
        assertThat(response.status()).isEqualTo(503);
        assertThat(response.error().getString("id")).isEqualTo("services.storage.unavailable");
        assertThat(response.headers().get("Retry-After")).isNotNull();
      }
    }
    System.out.println("PipelinedReadLockIT reply times (ms): " + took);
    assertThat(took).allSatisfy(ms -> assertThat(ms).isLessThan(LOCK_TIMEOUT.plus(MARGIN).toMillis()));
    assertThat(app.http().get("/_me", tokens.get(0)).status()).isEqualTo(200);
  }
}
