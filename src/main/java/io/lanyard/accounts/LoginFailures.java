package io.lanyard.accounts;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.time.Duration;
import java.util.Optional;

/**
 * The per-identifier lockout (DECISIONS.md §7) as the routes that check a current password, and those that reset one, see it:
 * whether the identifier is locked, a failure to count, a success that clears the count. Identifiers are normalised e-mail
 * addresses. {@link #NONE} counts nothing (the lockout's own implementation is wired in its place).
 */
public interface LoginFailures {

  /** How long the identifier stays locked, or empty when it may try now. */
  Future<Optional<Duration>> lockedFor(SqlClient client, String email);

  /** One more failure for the identifier (a wrong or missing current password). */
  Future<Void> recordFailure(SqlClient client, String email);

  /** Forgets the identifier's failures and lifts its lock (a password reset, a right current password). */
  Future<Void> clear(SqlClient client, String email);

  LoginFailures NONE = new LoginFailures() {
    @Override
    public Future<Optional<Duration>> lockedFor(SqlClient client, String email) {
      return Future.succeededFuture(Optional.empty());
    }

    @Override
    public Future<Void> recordFailure(SqlClient client, String email) {
      return Future.succeededFuture();
    }

    @Override
    public Future<Void> clear(SqlClient client, String email) {
      return Future.succeededFuture();
    }
  };
}
