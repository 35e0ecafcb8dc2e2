package io.lanyard.idempotency;

import io.lanyard.support.FailureLog;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/** Forgets idempotency keys past their lifetime, every few minutes; a prune that fails is done at the next period. */
public final class KeyPruning {

  private static final Logger log = LoggerFactory.getLogger(KeyPruning.class);
  private static final FailureLog failures = new FailureLog(log);
  private static final Duration INTERVAL = Duration.ofMinutes(10);

  private final Pool pool;
  private final IdempotencyKeys keys;
  private long timer = -1;

  /** @param pool the background pool */
  public KeyPruning(Pool pool, IdempotencyKeys keys) {
    this.pool = pool;
    this.keys = keys;
  }

  public void start(Vertx vertx) {
    timer = vertx.setPeriodic(INTERVAL.toMillis(), id -> keys.deleteExpired(pool)
      .onSuccess(deleted -> {
        if (deleted > 0) {
          log.info("Forgot {} expired idempotency keys", deleted);
        }
      })
      .onFailure(failure -> failures.warn("prune", "Pruning expired idempotency keys failed: " + failure)));
  }

  public void stop(Vertx vertx) {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
  }
}
