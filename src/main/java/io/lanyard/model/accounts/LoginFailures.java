package io.lanyard.model.accounts;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.time.Duration;
import java.util.Optional;

/**
 * The per-identifier lockout (docs/decisions.md §7) as the routes that check a password see it: an attempt is admitted before its
 * password is checked (and refused while the identifier is locked), then settled as a failure, or as a success that clears
 * the count, as a password reset does. Identifiers are normalised login names ({@link Emails#normalise}), whether or not an
 * account has them. {@link #NONE} counts nothing ({@code security.lockout.failures} 0).
 */
public interface LoginFailures {

  /** One attempt, admitted or refused; an admitted one is settled once, by whichever of its methods comes first. */
  interface Attempt {

    /**
     * Empty when the password may be checked; else how long until an attempt may come: the identifier is locked, or as many
     * attempts as it may still fail are being checked already.
     */
    Optional<Duration> refusedFor();

    /**
     * The password was wrong: one more failure.
     *
     * @return whether this failure locked the identifier
     */
    Future<Boolean> failed(SqlClient client);

    /** The password was right: the identifier's failures are forgotten. */
    Future<Void> succeeded(SqlClient client);

    /** No password was checked after all (a read failed): the attempt counts for nothing. */
    void abandon();
  }

  /** Admits one attempt for the identifier, or refuses it. */
  Future<Attempt> attempt(SqlClient client, String identifier);

  /** Forgets the identifier's failures and lifts its lock (a password reset, an erasure, an operator's new password). */
  Future<Void> clear(SqlClient client, String identifier);

  /** The identifier's failures that still count and the lock it is under, as every instance sees them (the help desk's view). */
  Future<LockState> state(SqlClient client, String identifier);

  LoginFailures NONE = new LoginFailures() {
    @Override
    public Future<Attempt> attempt(SqlClient client, String identifier) {
      return Future.succeededFuture(UNCOUNTED);
    }

    @Override
    public Future<Void> clear(SqlClient client, String identifier) {
      return Future.succeededFuture();
    }

    @Override
    public Future<LockState> state(SqlClient client, String identifier) {
      return Future.succeededFuture(LockState.FREE);
    }
  };

  /** An attempt nothing counts. */
  Attempt UNCOUNTED = new Uncounted(Optional.empty());

  /**
   * An attempt with nothing to settle: one nothing counts ({@link #UNCOUNTED}), or one refused before anything was counted.
   *
   * @param refusedFor empty when the password may be checked; else how long until an attempt may come
   */
  record Uncounted(Optional<Duration> refusedFor) implements Attempt {

    @Override
    public Future<Boolean> failed(SqlClient client) {
      return Future.succeededFuture(false);
    }

    @Override
    public Future<Void> succeeded(SqlClient client) {
      return Future.succeededFuture();
    }

    @Override
    public void abandon() {
    }
  }
}
