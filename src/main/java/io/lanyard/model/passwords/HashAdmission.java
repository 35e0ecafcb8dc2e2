package io.lanyard.model.passwords;

import io.lanyard.model.api.Overloaded;

import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Bounds the bcrypt work queue by time, and shares it between sources (docs/decisions.md §7, "fair share of hashing").
 *
 * <p>By time: a new hash is refused at once when, behind the work already admitted, it would wait longer than the budget. The
 * wait is estimated from the hashes admitted and not finished and a moving average of how long one takes, so the bound follows
 * the machine (its cores, its load, the configured cost) without tuning. The queue so holds at most {@link #capacity} hashes.
 *
 * <p>By source, within the ordinary part of the queue (below): a quarter of it (at least a place per thread) is room kept
 * for sources that hold none of it yet. Once it is filled past the rest, a source may hold at most its share: the ordinary
 * part divided by the number of sources holding some, plus one (the newcomer). So a single source offering ten times what
 * the machine hashes fills three quarters of the ordinary part and is refused past that; a person logging in from anywhere else still finds a place, waits behind
 * at most that work, and gets in; and as more sources hold places, the flooding one is refused first, down to its share.
 * A source alone, or a few, may use everything but the room: the queue a lone source builds is a quarter shorter, its
 * throughput the same (its clients are not turned away while a thread could take their work). The share never falls below
 * the threads divided between the sources holding places: a source alone may keep every thread busy, and hundreds of
 * sources (a botnet's addresses) hold one place each. Everything here is per instance and in memory, and runs under this
 * object's lock: a few hundred admissions a second at most, each a handful of operations.
 *
 * <p>By priority ({@link HashPriority}): a quarter of the capacity is the reserve, which ordinary work never takes; a name
 * that signed in lately may use half of it, a client with a device marker all of it. A flood from any number of sources so
 * stops at three quarters of the queue, and a returning person's hash waits behind at most that work, within the budget.
 * The sources' shares above are counted within the ordinary part.
 *
 * <p>By the source's record ({@link SuspectSources}): within the ordinary part, work from a source whose password checks
 * failed lately may fill three quarters, from a suspect source half, each part shared between the sources in it as above.
 * A botnet's addresses so leave the top of the ordinary part to sources with a clean record (first-timers) once each has
 * failed once, and half of it once each is suspect; when the queue is full, every freed place goes to the work that may
 * take it, so no thread has to pick work by priority: each admitted hash waits behind at most the queue, within the budget.
 *
 * <p>The average is of wall time, so it counts the contention the hashes ran under (other work on the cores). That lesson
 * goes stale once the queue is empty: after {@link #FORGET_AFTER_IDLE} with no hash admitted, the estimate starts again from
 * what a hash costs on a core of its own (the average of their CPU time), and learns the present contention from the hashes
 * that finish. Otherwise a busy spell left an average that refused the next burst of logins, though the cores were free by
 * then, and clients retrying at once on their 503s took the CPU the hashes needed: the estimate stayed high on its own.
 */
final class HashAdmission {

  /** Weight of the newest duration in the moving average: about the last ten hashes count. */
  private static final double SMOOTHING = 0.1;
  private static final int MAX_RETRY_AFTER_SECONDS = 60;
  /** About three times the span the average covers while the threads are busy (ten hashes of tens of ms on each thread). */
  static final Duration FORGET_AFTER_IDLE = Duration.ofSeconds(1);

  private final int threads;
  private final long budgetNanos;
  private final LongSupplier clock;
  /** Hashes admitted and not finished, by source; a source holding none has no entry, so the map stays within capacity. */
  private final Map<String, Integer> held = new HashMap<>();
  /** Hashes refused, by the priority they asked for (for the metrics). */
  private final Map<HashPriority, Long> refusals = new EnumMap<>(HashPriority.class);
  private int admitted;
  private double averageNanos;
  private double averageCpuNanos;
  /** When the queue last became empty ({@link #clock}'s time); meaningless while hashes are admitted. */
  private long idleSince;

  /**
   * @param firstHashNanos the duration of one hash at the configured cost, measured at start
   * @param clock {@link System#nanoTime} but in tests
   */
  HashAdmission(int threads, Duration budget, long firstHashNanos, LongSupplier clock) {
    this.threads = threads;
    this.budgetNanos = budget.toNanos();
    this.clock = clock;
    this.averageNanos = firstHashNanos;
    this.averageCpuNanos = firstHashNanos;
    this.idleSince = clock.getAsLong();
  }

  /** Admits one ordinary hash for {@code source}. */
  synchronized Optional<Overloaded> admit(String source) {
    return admit(source, HashPriority.ORDINARY);
  }

  /** Admits one hash for {@code source} (then {@link #finished} or {@link #released} must follow), or says why not. */
  synchronized Optional<Overloaded> admit(String source, HashPriority priority) {
    if (admitted == 0 && clock.getAsLong() - idleSince >= FORGET_AFTER_IDLE.toNanos()) {
      averageNanos = Math.min(averageNanos, averageCpuNanos);
    }
    long wait = estimatedWaitNanos(admitted);
    if (wait > budgetNanos) {
      return refused(priority, "hash queue over budget", wait);
    }
    int ceiling = ceiling(priority);
    if (admitted >= ceiling) {
      return refused(priority, "hash queue full for this priority", wait);
    }
    int mine = held.getOrDefault(source, 0);
    if (priority.compareTo(HashPriority.ORDINARY) <= 0 && admitted >= ceiling - room(ceiling)
      && mine >= share(ceiling, mine > 0 ? held.size() - 1 : held.size())) {
      return refused(priority, "source over its share of the hash queue", wait);
    }
    admitted++;
    held.put(source, mine + 1);
    return Optional.empty();
  }

  private Optional<Overloaded> refused(HashPriority priority, String why, long wait) {
    refusals.merge(priority, 1L, Long::sum);
    return Optional.of(new Overloaded(why, retryAfterSeconds(wait)));
  }

  /**
   * A hash of {@code source} ran.
   *
   * @param nanos how long it ran (its time on the worker, not its wait)
   * @param cpuNanos the CPU time it took: how long it would have run with a core to itself
   */
  synchronized void finished(String source, long nanos, long cpuNanos) {
    released(source);
    averageNanos += (nanos - averageNanos) * SMOOTHING;
    averageCpuNanos += (cpuNanos - averageCpuNanos) * SMOOTHING;
  }

  /** A hash of {@code source} admitted and never run (the request ended before it). */
  synchronized void released(String source) {
    admitted--;
    if (admitted == 0) {
      idleSince = clock.getAsLong();
    }
    held.computeIfPresent(source, (key, count) -> count == 1 ? null : count - 1);
  }

  /** Hashes admitted and not finished (running or queued). */
  synchronized int inFlight() {
    return admitted;
  }

  /** Hashes of {@code priority} refused since start. */
  synchronized long refusals(HashPriority priority) {
    return refusals.getOrDefault(priority, 0L);
  }

  /** How many hashes the queue holds within the budget: those running, and those whose wait stays within it. */
  private int capacity() {
    return threads + (int) Math.min(Integer.MAX_VALUE - threads, (long) (budgetNanos * threads / averageNanos));
  }

  /** The places ordinary work may fill: all but the reserve, and never fewer than the threads. */
  private int ordinary() {
    return Math.max(threads, capacity() - reserve());
  }

  /** The places kept from ordinary work: a quarter of the capacity (none in a queue of fewer than four places). */
  private int reserve() {
    return capacity() / 4;
  }

  /** How many hashes may be admitted before one of this priority is refused (the budget holds them all). */
  private int ceiling(HashPriority priority) {
    return switch (priority) {
      case SUSPECT -> Math.max(threads, ordinary() / 2);
      case FAILED -> Math.max(threads, ordinary() * 3 / 4);
      case ORDINARY -> ordinary();
      case RETURNING -> ordinary() + (reserve() + 1) / 2;
      case MARKED -> capacity();
    };
  }

  /** The places of a part of the queue kept for sources holding none: a quarter of them, at least one per thread. */
  private int room(int part) {
    return Math.max(threads, part / 4);
  }

  /**
   * @param part the places of the part of the queue the asking work may fill
   * @param others the sources other than the asking one that hold some of the queue
   */
  private int share(int part, int others) {
    int threadsEach = (threads + others) / (others + 1);
    return Math.max(threadsEach, part / (others + 2));
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
