package io.lanyard.services.throttling;

import io.lanyard.platform.config.Rate;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Token buckets by key (a source address, a user id), in memory: each key may spend {@code rate.count()} at once, and gets one
 * back every {@code rate.refillInterval()}. Bounded: past {@code maxKeys} the full buckets are forgotten (a full bucket is what
 * a new key gets anyway); if that frees less than a quarter of the bound, all of them are, so no stream of new keys grows the
 * heap, and each scan frees enough that scans stay rare (no key's request pays for a scan per request).
 */
public final class TokenBuckets {

  private final long capacity;
  private final long refillNanos;
  private final int maxKeys;
  private final LongSupplier clock;
  private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

  /** Users whose buckets one instance keeps at once: a full bucket is forgotten past it (what a new user gets anyway). */
  private static final int USERS_KEPT = 100_000;

  public TokenBuckets(Rate rate, int maxKeys) {
    this(rate, maxKeys, System::nanoTime);
  }

  /** Buckets keyed by user id, the bound sized for a large fair's signed-in people. */
  public static TokenBuckets perUser(Rate rate) {
    return new TokenBuckets(rate, USERS_KEPT);
  }

  /** @param clock monotonic nanoseconds (tests pass their own) */
  TokenBuckets(Rate rate, int maxKeys, LongSupplier clock) {
    this.capacity = rate.count();
    this.refillNanos = Math.max(1, rate.refillInterval().toNanos());
    this.maxKeys = maxKeys;
    this.clock = clock;
  }

  /** Spends one token of {@code key}'s bucket: empty when there was one, else how long until there will be. */
  public Optional<Duration> take(String key) {
    long now = clock.getAsLong();
    Bucket bucket = buckets.computeIfAbsent(key, absent -> new Bucket(capacity * refillNanos, now));
    long wait = bucket.take(now, capacity * refillNanos, refillNanos);
    if (buckets.size() > maxKeys) {
      forgetFull(now);
    }
    return wait == 0 ? Optional.empty() : Optional.of(Duration.ofNanos(wait));
  }

  /** Keys held now (for tests and gauges). */
  public int size() {
    return buckets.size();
  }

  private void forgetFull(long now) {
    long full = capacity * refillNanos;
    buckets.values().removeIf(bucket -> bucket.isFull(now, full));
    if (buckets.size() > maxKeys - maxKeys / 4) {
      buckets.clear();
    }
  }

  /**
   * One key's bucket, in nanoseconds of credit rather than whole tokens: a token costs {@code refillNanos}, and credit grows by
   * the time passed, up to the capacity.
   */
  private static final class Bucket {

    private long credit;
    private long updatedAt;

    Bucket(long credit, long now) {
      this.credit = credit;
      this.updatedAt = now;
    }

    /** @return 0 when a token was spent, else the nanoseconds until one is there */
    synchronized long take(long now, long full, long cost) {
      refill(now, full);
      if (credit >= cost) {
        credit -= cost;
        return 0;
      }
      return cost - credit;
    }

    synchronized boolean isFull(long now, long full) {
      refill(now, full);
      return credit >= full;
    }

    private void refill(long now, long full) {
      long elapsed = now - updatedAt;
      if (elapsed > 0) {
        credit = elapsed >= full - credit ? full : credit + elapsed;
        updatedAt = now;
      }
    }
  }
}
