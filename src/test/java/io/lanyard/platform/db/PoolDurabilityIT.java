package io.lanyard.platform.db;

import io.lanyard.boot.Lanyard;
import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.testing.TestApp;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static io.lanyard.testing.Await.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which sessions wait for the disk at commit: every one of the request path does (an account, once answered, is kept
 * whatever crashes); the background pool's do not (what it records is redone, or sent again, if PostgreSQL forgets it).
 */
class PoolDurabilityIT {

  private Vertx vertx;
  private DbPools pools;

  @BeforeEach
  void pools() {
    LanyardConfig config = ConfigLoader.load(Optional.empty(), TestApp.environment(Map.of()));
    vertx = Lanyard.createVertx();
    pools = DbPools.create(vertx, config.db(), DbUri.of(config.db()), 1);
  }

  @AfterEach
  void close() {
    await(pools.close());
    await(vertx.close());
  }

  @Test
  void requestsWaitForTheirCommitsToReachTheDisk() {
    assertThat(synchronousCommit(pools.requests())).isEqualTo("on");
    assertThat(synchronousCommit(pools.logins())).isEqualTo("on");
  }

  @Test
  void backgroundWorkDoesNotWaitForTheDisk() {
    assertThat(synchronousCommit(pools.background())).isEqualTo("off");
  }

  @Test
  void theBackgroundPoolKeepsTheDeadlinesOfEverySession() {
    assertThat(setting(pools.background(), "statement_timeout")).isEqualTo("5s");
    assertThat(setting(pools.background(), "lock_timeout")).isEqualTo("2s");
  }

  private static String synchronousCommit(Pool pool) {
    return setting(pool, "synchronous_commit");
  }

  private static String setting(Pool pool, String name) {
    return await(pool.query("SHOW " + name).execute()).iterator().next().getString(0);
  }
}
