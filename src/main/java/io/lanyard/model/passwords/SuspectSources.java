package io.lanyard.model.passwords;

import io.lanyard.platform.support.SourceKeys;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The sources whose password checks failed lately, in this instance's memory (docs/security.md#suspect-sources): the OWASP
 * "failed logins per address", used to rank work in the hash queue, never to refuse a source outright. A source with no
 * failure since its last success within the window has a clean record; one that has failed has not; one that has failed
 * {@code threshold} times within the window, with no success since, is suspect. Unknown names and existing ones fail alike:
 * what is counted is a bcrypt run that did not match. A success forgets the source's failures; allow-listed sources are never
 * counted.
 *
 * <p>Bounded: at most {@link #MAX_SOURCES} sources (only those with a failure are held), the least recently seen forgotten
 * first, so a botnet with more addresses than that loses the memory of its oldest, not everybody's. Each holds the times of
 * its last {@code threshold} failures, so the window slides exactly. Under this object's lock: one map operation per check.
 */
public final class SuspectSources {

  /** Sources held at most: about 180 bytes each at the default threshold (key, entry, five times), 12 MB in all. */
  static final int MAX_SOURCES = 65_536;

  /** Nobody suspect: the CLI's hashing, or {@code security.suspect.failures} 0. */
  public static final SuspectSources NONE = new SuspectSources(0, Duration.ZERO, SourceKeys.NO_ALLOWLIST, 1, () -> 0);

  private final int threshold;
  private final long windowNanos;
  private final SourceKeys keys;
  private final LongSupplier clock;
  /** Source key to its recent failures, least recently seen first; under this object's lock. */
  private final LinkedHashMap<String, Failures> sources;

  /**
   * @param threshold failures within the window, with no success since, that make a source suspect; 0: never
   * @param window how long a failure is remembered
   * @param keys what a source is counted by, and the allow-list of sources never counted
   */
  public static SuspectSources of(int threshold, Duration window, SourceKeys keys) {
    return threshold == 0 ? NONE : new SuspectSources(threshold, window, keys, MAX_SOURCES, System::nanoTime);
  }

  /** @param clock monotonic nanoseconds (tests pass their own) */
  SuspectSources(int threshold, Duration window, SourceKeys keys, int maxSources, LongSupplier clock) {
    this.threshold = threshold;
    this.windowNanos = window.toNanos();
    this.keys = keys;
    this.clock = clock;
    this.sources = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, Failures> eldest) {
        return size() > maxSources;
      }
    };
  }

  /**
   * The part of the hash queue ordinary work from {@code source} may use: {@link HashPriority#ORDINARY} for a clean record,
   * {@link HashPriority#FAILED} for a source that has failed lately, {@link HashPriority#SUSPECT} for a suspect one.
   */
  public HashPriority priorityOf(String source) {
    if (threshold == 0) {
      return HashPriority.ORDINARY;
    }
    Optional<String> key = keys.countedAs(source);
    if (key.isEmpty()) {
      return HashPriority.ORDINARY;
    }
    synchronized (this) {
      Failures failures = sources.get(key.get());
      long now = clock.getAsLong();
      if (failures == null) {
        return HashPriority.ORDINARY;
      }
      if (!failures.anyWithin(now, windowNanos)) {
        sources.remove(key.get());
        return HashPriority.ORDINARY;
      }
      return failures.allWithin(now, windowNanos) ? HashPriority.SUSPECT : HashPriority.FAILED;
    }
  }

  /** A password checked for {@code source} did not match (a wrong password, an unknown name: alike). */
  public void failed(String source) {
    if (threshold == 0) {
      return;
    }
    keys.countedAs(source).ifPresent(key -> {
      synchronized (this) {
        sources.computeIfAbsent(key, absent -> new Failures(threshold)).add(clock.getAsLong());
      }
    });
  }

  /** A password checked for {@code source} matched: its failures are forgotten. */
  public void succeeded(String source) {
    if (threshold == 0) {
      return;
    }
    keys.countedAs(source).ifPresent(key -> {
      synchronized (this) {
        sources.remove(key);
      }
    });
  }

  /** Sources suspect now (for the gauge: a scan of the table, read when metrics are scraped). */
  public synchronized int suspects() {
    long now = clock.getAsLong();
    return (int) sources.values().stream().filter(failures -> failures.allWithin(now, windowNanos)).count();
  }

  /** Sources held now, suspect or not (for tests). */
  synchronized int size() {
    return sources.size();
  }

  /** The times of a source's last {@code threshold} failures, in a ring. */
  private static final class Failures {

    private final long[] times;
    /** Where the next failure goes: the oldest of the ring once it is full. */
    private int next;
    private int count;

    Failures(int threshold) {
      this.times = new long[threshold];
    }

    void add(long now) {
      times[next] = now;
      next = (next + 1) % times.length;
      count = Math.min(count + 1, times.length);
    }

    /** Whether the newest failure is within the window. */
    boolean anyWithin(long now, long window) {
      return now - times[(next + times.length - 1) % times.length] < window;
    }

    /** Whether the ring is full and its oldest failure is within the window: {@code threshold} failures in it. */
    boolean allWithin(long now, long window) {
      return count == times.length && now - times[next] < window;
    }
  }
}
