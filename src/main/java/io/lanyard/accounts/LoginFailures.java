package io.lanyard.accounts;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.time.Duration;
import java.util.Optional;

/**
 * The per-identifier lockout (DECISIONS.md §7) as the routes that check a password see it: an attempt is counted before the
 * password is checked, refused while the identifier is locked, and cleared by a success (or a password reset). Identifiers
 * are normalised login names ({@link Emails#normalise}), whether or not an account has them. {@link #NONE} counts nothing
 * ({@code security.lockout.failures} 0, and the operator's commands, which check no password).
 */
public interface LoginFailures {

  /**
   * What counting an attempt found.
   *
   * @param lockedFor how long the identifier stays locked, when it is: the attempt is refused and was not counted
   * @param locksIfWrong the attempt was counted and, should the password be wrong, the identifier is now locked
   */
  record Attempt(Optional<Duration> lockedFor, boolean locksIfWrong) {

    public static final Attempt ADMITTED = new Attempt(Optional.empty(), false);

    public boolean isLocked() {
      return lockedFor.isPresent();
    }
  }

  /** Counts one attempt for the identifier, as a failure until {@link #clear} says it succeeded. */
  Future<Attempt> attempt(SqlClient client, String identifier);

  /** Forgets the identifier's failures and lifts its lock (a right password, a password reset, an erasure). */
  Future<Void> clear(SqlClient client, String identifier);

  LoginFailures NONE = new LoginFailures() {
    @Override
    public Future<Attempt> attempt(SqlClient client, String identifier) {
      return Future.succeededFuture(Attempt.ADMITTED);
    }

    @Override
    public Future<Void> clear(SqlClient client, String identifier) {
      return Future.succeededFuture();
    }
  };
}
