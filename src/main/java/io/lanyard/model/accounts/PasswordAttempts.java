package io.lanyard.model.accounts;

import io.lanyard.model.passwords.HashPriority;
import io.lanyard.model.passwords.PasswordHasher;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A password checked the way every route that takes one checks it (login, and the routes that ask for the current
 * password): a place in the hash queue first, so an overload refuses the attempt before anything is written; then the attempt
 * counted by the lockout, and refused with no bcrypt while the identifier is locked; then one bcrypt run whatever the
 * account (the dummy hash for an unknown or inactive one); then the attempt settled: a right password clears the count, a
 * wrong one is a failure, which may lock the identifier.
 *
 * <p>An attempt carrying a device marker for the name is counted by the marker instead of the name, and hashed in the whole
 * reserve of the queue; a name that signed in successfully lately ({@link RecentSignIns}) is hashed in half of it
 * (docs/security.md#device-markers); any other in the part of the ordinary queue its source's record gives it, which the
 * hasher keeps from the checks' outcomes (docs/security.md#suspect-sources).
 */
public final class PasswordAttempts {

  /** What the check found. */
  public enum Outcome { VERIFIED, WRONG, LOCKED }

  /**
   * @param account the account read for the check, if any
   * @param verification present when bcrypt ran
   * @param retryAfter how long until an attempt may come again, when {@code LOCKED}
   * @param lockStarted the password was wrong and this failure locked the identifier
   */
  public record Checked(Outcome outcome, Optional<Credentials> account, Optional<PasswordHasher.Verification> verification,
                        Duration retryAfter, boolean lockStarted) {

    /** A check refused before any attempt (an account that cannot log in, when the caller is already known). */
    public static Checked wrong(Optional<Credentials> account) {
      return new Checked(Outcome.WRONG, account, Optional.empty(), Duration.ZERO, false);
    }
  }

  private final PasswordHasher hasher;
  private final LoginFailures failures;
  private final RecentSignIns recent;
  private final Counter locksStarted;

  public PasswordAttempts(PasswordHasher hasher, LoginFailures failures, RecentSignIns recent, MeterRegistry registry) {
    this.hasher = hasher;
    this.failures = failures;
    this.recent = recent;
    this.locksStarted = Counter.builder("lanyard.lockouts")
      .description("Identifiers locked by the per-identifier lockout (a failure that reached security.lockout.failures)")
      .register(registry);
  }

  /**
   * @param client where the lockout is counted
   * @param identifier the normalised login name the lockout counts by
   * @param source the client, whose share of the hash queue the check takes
   * @param account reads the account the password is checked against, once the attempt is counted
   */
  public Future<Checked> check(SqlClient client, String identifier, String password, String source,
                               Supplier<Future<Optional<Credentials>>> account) {
    return check(client, AttemptKey.of(identifier), password, source, account);
  }

  /**
   * @param key the name typed, and the device marker shown for it, if one checked out
   */
  public Future<Checked> check(SqlClient client, AttemptKey key, String password, String source,
                               Supplier<Future<Optional<Credentials>>> account) {
    HashPriority priority = key.isMarked() ? HashPriority.MARKED
      : recent.contains(key.email()) ? HashPriority.RETURNING : HashPriority.ORDINARY;
    return hasher.reserve(source, priority).compose(slot -> failures.attempt(client, key.lockoutIdentifier())
      .compose(attempt -> attempt.refusedFor().isPresent()
        ? Future.succeededFuture(new Checked(Outcome.LOCKED, Optional.empty(), Optional.empty(), attempt.refusedFor().get(),
            false))
        : account.get().compose(found -> verify(client, password, found, slot, attempt))
          .andThen(done -> {
            if (done.succeeded() && done.result().outcome() == Outcome.VERIFIED) {
              recent.signedIn(key.email());
            }
          })
          // an attempt not settled by a verification (a failed read, a failed hash) counts for nothing
          .onComplete(done -> attempt.abandon()))
      // a slot not used by a verification (refused, or a failed read) is given back; after one, this does nothing
      .onComplete(done -> slot.giveBack()));
  }

  /** One bcrypt run, then the attempt settled: a right password clears the count, a wrong one is a failure. */
  private Future<Checked> verify(SqlClient client, String password, Optional<Credentials> found, PasswordHasher.Slot slot,
                                 LoginFailures.Attempt attempt) {
    Optional<String> hash = found.filter(Credentials::canLogIn).flatMap(Credentials::passwordHash);
    return hasher.verify(slot, password, hash).compose(verification -> verification.matches()
      ? attempt.succeeded(client).map(new Checked(Outcome.VERIFIED, found, Optional.of(verification), Duration.ZERO, false))
      : attempt.failed(client).map(locked -> {
          if (locked) {
            locksStarted.increment();
          }
          return new Checked(Outcome.WRONG, found, Optional.of(verification), Duration.ZERO, locked);
        }));
  }
}
