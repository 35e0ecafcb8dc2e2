package io.lanyard.passwords;

import io.lanyard.api.Overloaded;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds the bcrypt work queue by time: a new hash is refused at once when, behind the work already admitted, it would wait
 * longer than the budget. The wait is estimated from the number of hashes admitted and not finished and a moving average of
 * how long one takes, so the bound follows the machine (its cores, its load, the configured cost) without tuning.
 */
final class HashAdmission {

  /** Weight of the newest duration in the moving average: about the last ten hashes count. */
  private static final double SMOOTHING = 0.1;
  private static final int MAX_RETRY_AFTER_SECONDS = 60;

  private final int threads;
  private final long budgetNanos;
  private final AtomicInteger admitted = new AtomicInteger();
  private volatile double averageNanos;

  /** @param firstHashNanos the duration of one hash at the configured cost, measured at start */
  HashAdmission(int threads, Duration budget, long firstHashNanos) {
    this.threads = threads;
    this.budgetNanos = budget.toNanos();
    this.averageNanos = firstHashNanos;
  }

  /** Admits one hash (then {@link #finished} must follow), or says why not. */
  Optional<Overloaded> admit() {
    while (true) {
      int ahead = admitted.get();
      long wait = estimatedWaitNanos(ahead);
      if (wait > budgetNanos) {
        return Optional.of(new Overloaded("hash queue over budget", retryAfterSeconds(wait)));
      }
      if (admitted.compareAndSet(ahead, ahead + 1)) {
        return Optional.empty();
      }
    }
  }

  /** @param nanos how long the hash ran (its time on the worker, not its wait) */
  void finished(long nanos) {
    admitted.decrementAndGet();
    // Racy read-modify-write on purpose: a lost update only skews an estimate, and a lock would serialise every hash.
    averageNanos += (nanos - averageNanos) * SMOOTHING;
  }

  /** Hashes admitted and not finished (running or queued). */
  int inFlight() {
    return admitted.get();
  }

  /**
   * With every thread busy, a thread frees up about every {@code average / threads}; the new hash starts once the ones queued
   * before it have started, and one more has finished.
   */
  private long estimatedWaitNanos(int ahead) {
    if (ahead < threads) {
      return 0;
    }
    return (long) ((ahead - threads + 1) * averageNanos / threads);
  }

  private static int retryAfterSeconds(long waitNanos) {
    long seconds = (waitNanos + 999_999_999L) / 1_000_000_000L;
    return (int) Math.max(1, Math.min(MAX_RETRY_AFTER_SECONDS, seconds));
  }
}
