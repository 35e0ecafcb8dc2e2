package io.lanyard.model.passwords;

import at.favre.lib.crypto.bcrypt.BCrypt;
import io.lanyard.model.api.Overloaded;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * bcrypt on its own worker pool, never on an event loop. A verification always costs one bcrypt run, against a dummy hash when
 * there is no stored one, so neither replies nor timing tell whether an account exists. Work that would wait longer than the
 * queue budget, or that a source asks for beyond its share of the queue, is refused at once with
 * {@link io.lanyard.model.api.Overloaded} (see {@link HashAdmission}). Every verification's outcome is told to the
 * {@link SuspectSources}, which rank the next ordinary work of its source.
 */
public final class PasswordHasher {

  /** bcrypt reads at most 72 bytes; a longer password is refused rather than silently truncated. */
  public static final int MAX_PASSWORD_BYTES = 72;

  /** The source of work an operator's command asks for: it has its own share of the queue, as any client. */
  public static final String OPERATOR = "operator";

  private static final long MAX_EXECUTE_SECONDS = 60;
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** The outcome of a verification; {@code needsRehash} when the stored hash is of a lower cost than configured. */
  public record Verification(boolean matches, boolean needsRehash) {
  }

  private final WorkerExecutor workers;
  private final int cost;
  private final byte[] dummyHash;
  private final HashAdmission admission;
  private final SuspectSources suspects;
  private final AtomicLong verifications = new AtomicLong();

  private PasswordHasher(WorkerExecutor workers, int cost, byte[] dummyHash, HashAdmission admission,
                         SuspectSources suspects) {
    this.workers = workers;
    this.cost = cost;
    this.dummyHash = dummyHash;
    this.admission = admission;
    this.suspects = suspects;
  }

  /**
   * @param threads worker threads (bcrypt is CPU-bound: one per core is the useful maximum)
   * @param queueBudget the longest a hash may be expected to wait for a thread before it is refused
   */
  public static Future<PasswordHasher> create(Vertx vertx, int cost, int threads, Duration queueBudget) {
    return create(vertx, cost, threads, queueBudget, SuspectSources.NONE);
  }

  /** @param suspects the sources whose checks failed lately, whose ordinary work gets a smaller part of the queue */
  public static Future<PasswordHasher> create(Vertx vertx, int cost, int threads, Duration queueBudget,
                                              SuspectSources suspects) {
    WorkerExecutor workers = vertx.createSharedWorkerExecutor("lanyard-bcrypt", threads, MAX_EXECUTE_SECONDS, TimeUnit.SECONDS);
    // The dummy hash is also the first measure of one hash's duration, which admission control starts from.
    return workers.executeBlocking(() -> {
      CostCheck.of(cost).judge();
      long started = System.nanoTime();
      byte[] dummy = BCrypt.withDefaults().hash(cost, randomPassword());
      return new PasswordHasher(workers, cost, dummy, new HashAdmission(threads, queueBudget, System.nanoTime() - started,
        System::nanoTime), suspects);
    }, false);
  }

  /**
   * A hash of {@code password}, for {@code source}.
   *
   * @param source the client asking (docs/decisions.md §7), whose share of the queue the hash counts against; {@link #OPERATOR} for
   *   the command line
   */
  public Future<String> hash(String password, String source) {
    return reserve(source).compose(slot -> run(slot,
      () -> new String(BCrypt.withDefaults().hash(cost, password.getBytes(StandardCharsets.UTF_8)), StandardCharsets.US_ASCII)));
  }

  /**
   * Checks {@code password} for {@code source}, in a place of the queue taken now.
   *
   * @param storedHash the account's hash, or empty for an unknown or password-less account (the dummy hash is used)
   */
  public Future<Verification> verify(String password, Optional<String> storedHash, String source) {
    return reserve(source).compose(slot -> verify(slot, password, storedHash));
  }

  /**
   * Takes a place in the queue for one verification, before the work that decides whether it runs: a caller that must write
   * something first (the lockout counts the attempt) learns of an overload before writing anything. The slot is then either
   * used once by {@link #verify(Slot, String, Optional)} or given back with {@link Slot#giveBack()}.
   *
   * @return a failed future holding the {@link Overloaded} refusal when the queue has no place for this source
   */
  public Future<Slot> reserve(String source) {
    return reserve(source, HashPriority.ORDINARY);
  }

  /**
   * {@link #reserve(String)} in the part of the queue {@code priority} may use (docs/security.md#reserved-hashing); ordinary
   * work in the part its source's record gives it (docs/security.md#suspect-sources).
   */
  public Future<Slot> reserve(String source, HashPriority priority) {
    Optional<Overloaded> refusal = admission.admit(source,
      priority == HashPriority.ORDINARY ? suspects.priorityOf(source) : priority);
    return refusal.isPresent() ? Future.failedFuture(refusal.get()) : Future.succeededFuture(new Slot(source));
  }

  /** Runs one verification in {@code slot}, which it uses up. */
  public Future<Verification> verify(Slot slot, String password, Optional<String> storedHash) {
    return run(slot, () -> {
      verifications.incrementAndGet();
      byte[] candidate = password.getBytes(StandardCharsets.UTF_8);
      boolean usable = storedHash.isPresent() && candidate.length <= MAX_PASSWORD_BYTES;
      byte[] hash = usable ? storedHash.get().getBytes(StandardCharsets.US_ASCII) : dummyHash;
      byte[] bounded = candidate.length <= MAX_PASSWORD_BYTES ? candidate : Arrays.copyOf(candidate, MAX_PASSWORD_BYTES);
      BCrypt.Result result = BCrypt.verifyer().verify(bounded, hash);
      boolean matches = usable && result.verified;
      if (matches) {
        suspects.succeeded(slot.source);
      } else {
        suspects.failed(slot.source);
      }
      return new Verification(matches, matches && result.details.cost < cost);
    });
  }

  /** Runs bcrypt work on the workers in a slot admission control gave; the slot is used up. */
  private <T> Future<T> run(Slot slot, Callable<T> work) {
    if (!slot.use()) {
      return Future.failedFuture(new IllegalStateException("a hash slot is used once"));
    }
    return workers.executeBlocking(() -> {
      long started = System.nanoTime();
      long cpuStarted = cpuTime();
      try {
        return work.call();
      } finally {
        long nanos = System.nanoTime() - started;
        admission.finished(slot.source, nanos, cpuStarted < 0 ? nanos : cpuTime() - cpuStarted);
      }
    }, false);
  }

  /** This thread's CPU time in nanoseconds, or -1 where the JVM does not measure it. */
  private static long cpuTime() {
    return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
  }

  /** A place in the hash queue, held from {@link #reserve} until its bcrypt run ends or it is given back unused. */
  public final class Slot {

    private final String source;
    private final AtomicBoolean taken = new AtomicBoolean();

    private Slot(String source) {
      this.source = source;
    }

    /** Frees the place if it was not used; once used (or given back), does nothing. */
    public void giveBack() {
      if (taken.compareAndSet(false, true)) {
        admission.released(source);
      }
    }

    private boolean use() {
      return taken.compareAndSet(false, true);
    }
  }

  /** Hashes and verifications admitted and not finished: running or waiting for a thread. */
  public int inFlight() {
    return admission.inFlight();
  }

  /**
   * Registers the hash queue's meters: {@code lanyard_hash_refusals_total} by {@code lane} (the part of the queue the refused
   * work asked for) and {@code lanyard_suspect_sources}.
   */
  public void registerMeters(MeterRegistry registry) {
    for (HashPriority lane : HashPriority.values()) {
      FunctionCounter.builder("lanyard.hash.refusals", admission, queue -> queue.refusals(lane))
        .description("Hashes refused with 503 by the hash queue, by the part of it they asked for")
        .tag("lane", lane.name().toLowerCase(Locale.ROOT))
        .register(registry);
    }
    Gauge.builder("lanyard.suspect.sources", suspects, SuspectSources::suspects)
      .description("Sources whose password checks failed security.suspect.failures times lately, with no success since")
      .register(registry);
  }

  /** How many verifications ran since start: every login attempt costs exactly one. */
  public long verifications() {
    return verifications.get();
  }

  public Future<Void> close() {
    return workers.close();
  }

  private static byte[] randomPassword() {
    byte[] random = new byte[24];
    new SecureRandom().nextBytes(random);
    return Base64.getEncoder().encode(random);
  }
}
