package io.lanyard.accounts;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.time.Duration;
import java.util.Optional;

/**
 * The per-identifier lockout (DECISIONS.md §7) as the routes that check a password see it: an attempt is counted before its
 * password is checked (and refused while the identifier is locked), then settled as a failure, or as a success that clears
 * the count, as a password reset does. Identifiers are normalised login names ({@link Emails#normalise}), whether or not an
 * account has them. {@link #NONE} counts nothing ({@code security.lockout.failures} 0).
 */
public interface LoginFailures {

  /**
   * Counts one attempt for the identifier as being checked; {@link #failed} or {@link #clear} follows once its password is
   * found wrong or right.
   *
   * @return empty when the attempt may be checked; else how long until one may: the identifier is locked, or as many attempts
   *   as it may still fail are being checked already (then the attempt was not counted)
   */
  Future<Optional<Duration>> attempt(SqlClient client, String identifier);

  /**
   * The attempt's password was wrong: one more failure.
   *
   * @return whether this failure locked the identifier
   */
  Future<Boolean> failed(SqlClient client, String identifier);

  /** Forgets the identifier's failures and lifts its lock (a right password, a password reset, an erasure). */
  Future<Void> clear(SqlClient client, String identifier);

  LoginFailures NONE = new LoginFailures() {
    @Override
    public Future<Optional<Duration>> attempt(SqlClient client, String identifier) {
      return Future.succeededFuture(Optional.empty());
    }

    @Override
    public Future<Boolean> failed(SqlClient client, String identifier) {
      return Future.succeededFuture(false);
    }

    @Override
    public Future<Void> clear(SqlClient client, String identifier) {
      return Future.succeededFuture();
    }
  };
}
