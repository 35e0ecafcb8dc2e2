package io.lanyard.platform.support;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Forgets rows past their use every few minutes (expired idempotency keys, old lockout counts); a prune that fails is done at
 * the next period, and says so once per interval, not once per period.
 */
public final class Pruning {

  private static final Logger log = LoggerFactory.getLogger(Pruning.class);
  private static final FailureLog failures = new FailureLog(log);
  private static final Duration INTERVAL = Duration.ofMinutes(10);

  private final String what;
  private final Supplier<Future<Integer>> prune;
  private long timer = -1;

  /**
   * @param what the rows pruned, for log lines ("expired idempotency keys")
   * @param prune deletes them, on the background pool, and says how many went
   */
  public Pruning(String what, Supplier<Future<Integer>> prune) {
    this.what = what;
    this.prune = prune;
  }

  public void start(Vertx vertx) {
    timer = vertx.setPeriodic(INTERVAL.toMillis(), id -> prune.get()
      .onSuccess(deleted -> {
        if (deleted > 0) {
          log.info("Forgot {} {}", deleted, what);
        }
      })
      .onFailure(failure -> failures.warn(what, "Pruning " + what + " failed: " + failure)));
  }

  public void stop(Vertx vertx) {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
  }
}
