package io.lanyard.platform.db;

import io.lanyard.boot.Lanyard;
import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.testing.TestApp;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static io.lanyard.testing.Await.await;
import static io.lanyard.testing.Await.failure;
import static org.assertj.core.api.Assertions.assertThat;

/** The pool's refusals, as the real Vert.x pool words them: what turns an overloaded database into a 503 rather than a 500. */
class PoolRefusalsIT {

  private Vertx vertx;
  private Pool pool;
  private SqlConnection held;

  @BeforeEach
  void aPoolOfOneConnectionHeldElsewhere() {
    LanyardConfig config = ConfigLoader.load(Optional.empty(), TestApp.environment(Map.of(
      "LANYARD_DB_POOL_SIZE", "1", "LANYARD_DB_MAX_WAIT_QUEUE", "1", "LANYARD_DB_QUEUE_BUDGET", "200ms")));
    vertx = Lanyard.createVertx();
    pool = Pools.create(vertx, config.db(), DbUri.of(config.db()), "lanyard", config.db().poolSize(), 1);
    held = await(pool.getConnection());
  }

  @AfterEach
  void close() {
    await(held.close());
    await(pool.close());
    await(vertx.close());
  }

  @Test
  void aQueryThatWaitsPastTheBudgetIsAWaitTimeout() {
    Throwable refusal = failure(pool.query("SELECT 1").execute());

    assertThat(PoolRefusals.isWaitTimeout(refusal)).withFailMessage(refusal.toString()).isTrue();
    assertThat(PoolRefusals.isQueueFull(refusal)).isFalse();
  }

  @Test
  void aTransactionThatWaitsPastTheBudgetIsAWaitTimeout() {
    Throwable refusal = failure(pool.withTransaction(tx -> tx.query("SELECT 1").execute()));

    assertThat(PoolRefusals.isWaitTimeout(refusal)).withFailMessage(refusal.toString()).isTrue();
  }

  @Test
  void aQueryBeyondAFullWaitQueueIsRefusedAtOnce() {
    Future<?> waiting = pool.query("SELECT 1").execute();

    Throwable refusal = failure(pool.query("SELECT 1").execute());

    assertThat(PoolRefusals.isQueueFull(refusal)).withFailMessage(refusal.toString()).isTrue();
    assertThat(PoolRefusals.isWaitTimeout(failure(waiting))).isTrue();
  }

  @Test
  void aFailingStatementIsNoRefusal() {
    await(held.close());
    held = await(pool.getConnection());
    Throwable broken = failure(held.query("SELECT * FROM no_such_table").execute());

    assertThat(PoolRefusals.isWaitTimeout(broken) || PoolRefusals.isQueueFull(broken)).isFalse();
  }
}
