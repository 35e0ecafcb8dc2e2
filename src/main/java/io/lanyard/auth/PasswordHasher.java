package io.lanyard.auth;

import at.favre.lib.crypto.bcrypt.BCrypt;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * bcrypt on its own worker pool, never on an event loop. A verification always costs one bcrypt run, against a dummy hash when
 * there is no stored one, so neither replies nor timing tell whether an account exists.
 */
public final class PasswordHasher {

  /** bcrypt reads at most 72 bytes; a longer password is refused rather than silently truncated. */
  public static final int MAX_PASSWORD_BYTES = 72;

  private static final long MAX_EXECUTE_SECONDS = 60;

  /** The outcome of a verification; {@code needsRehash} when the stored hash is of a lower cost than configured. */
  public record Verification(boolean matches, boolean needsRehash) {
  }

  private final WorkerExecutor workers;
  private final int cost;
  private final byte[] dummyHash;
  private final AtomicLong verifications = new AtomicLong();

  private PasswordHasher(WorkerExecutor workers, int cost, byte[] dummyHash) {
    this.workers = workers;
    this.cost = cost;
    this.dummyHash = dummyHash;
  }

  /** @param threads worker threads (bcrypt is CPU-bound: one per core is the useful maximum) */
  public static Future<PasswordHasher> create(Vertx vertx, int cost, int threads) {
    WorkerExecutor workers = vertx.createSharedWorkerExecutor("lanyard-bcrypt", threads, MAX_EXECUTE_SECONDS, TimeUnit.SECONDS);
    return workers.executeBlocking(() -> BCrypt.withDefaults().hash(cost, randomPassword()), false)
      .map(dummy -> new PasswordHasher(workers, cost, dummy));
  }

  public Future<String> hash(String password) {
    return workers.executeBlocking(
      () -> new String(BCrypt.withDefaults().hash(cost, password.getBytes(StandardCharsets.UTF_8)), StandardCharsets.US_ASCII),
      false);
  }

  /** @param storedHash the account's hash, or empty for an unknown or password-less account (the dummy hash is used) */
  public Future<Verification> verify(String password, Optional<String> storedHash) {
    return workers.executeBlocking(() -> {
      verifications.incrementAndGet();
      byte[] candidate = password.getBytes(StandardCharsets.UTF_8);
      boolean usable = storedHash.isPresent() && candidate.length <= MAX_PASSWORD_BYTES;
      byte[] hash = usable ? storedHash.get().getBytes(StandardCharsets.US_ASCII) : dummyHash;
      byte[] bounded = candidate.length <= MAX_PASSWORD_BYTES ? candidate : Arrays.copyOf(candidate, MAX_PASSWORD_BYTES);
      BCrypt.Result result = BCrypt.verifyer().verify(bounded, hash);
      boolean matches = usable && result.verified;
      return new Verification(matches, matches && result.details.cost < cost);
    }, false);
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
