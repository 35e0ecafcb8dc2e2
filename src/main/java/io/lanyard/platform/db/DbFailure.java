package io.lanyard.platform.db;

import io.vertx.core.VertxException;
import io.vertx.sqlclient.ClosedConnectionException;
import io.vertx.sqlclient.DatabaseException;

import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.Set;

/**
 * What a database failure means for the request that met it, read from the exception's type and SQLSTATE (never its text),
 * whatever client or pool raised it. The one place that tells "the database cannot serve now" (a 503 the client retries) from
 * a bug (a 500 or the operation's internal code).
 */
public enum DbFailure {

  /** The pool refused: its wait queue was full, or no connection came within {@code db.queueBudget}. */
  POOL_REFUSED,
  /** No connection could be opened: refused, unreachable, too many clients, the server starting or stopping. */
  CONNECT_FAILED,
  /** An open connection died under the statement: terminated, reset, closed. */
  CONNECTION_LOST,
  /** The statement ran past its deadline: {@code statement_timeout}, {@code lock_timeout} or a client's own. */
  DEADLINE,
  /** Anything else: a constraint, bad SQL, a bug. */
  OTHER;

  private static final Set<String> DEADLINES = Set.of(SqlStates.QUERY_CANCELED, SqlStates.LOCK_NOT_AVAILABLE);
  private static final Set<String> CONNECTS_REFUSED = Set.of(SqlStates.CANNOT_CONNECT_NOW, SqlStates.TOO_MANY_CONNECTIONS,
    SqlStates.CONNECTION_REJECTED, SqlStates.CLIENT_UNABLE_TO_CONNECT);
  private static final Set<String> TERMINATIONS = Set.of(SqlStates.ADMIN_SHUTDOWN, SqlStates.CRASH_SHUTDOWN);
  static final String INACTIVE_CONNECTION = "Connection is not active now";

  /** The first cause in the chain that says something about the database; {@link #OTHER} when none does. */
  public static DbFailure of(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      DbFailure kind = direct(cause);
      if (kind != OTHER) {
        return kind;
      }
    }
    return OTHER;
  }

  /** True for the failures a client should simply retry later: the database is there but cannot serve this now. */
  public boolean isUnavailable() {
    return this == CONNECT_FAILED || this == CONNECTION_LOST || this == DEADLINE;
  }

  /**
   * Whether the statement surely wrote nothing: the pool handed out a connection already closed, so it was never sent; or the
   * server said it terminated the session while the statement ran ({@code 57P01}, {@code 57P02}), aborting it with its
   * transaction.
   */
  public static boolean wroteNothing(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof DatabaseException database && TERMINATIONS.contains(database.getSqlState())
        || isInactiveConnection(cause)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Vert.x refusing to send on a connection it has seen close says so only in its message; {@code DbFailureIT} meets it on
   * a real pool, so a rewording fails the build.
   */
  static boolean isInactiveConnection(Throwable failure) {
    return failure instanceof VertxException && failure.getMessage() != null
      && failure.getMessage().startsWith(INACTIVE_CONNECTION);
  }

  private static DbFailure direct(Throwable failure) {
    if (failure instanceof ClientDeadlineException) {
      return DEADLINE;
    }
    if (PoolRefusals.isQueueFull(failure) || PoolRefusals.isWaitTimeout(failure)) {
      return POOL_REFUSED;
    }
    if (failure instanceof DatabaseException database) {
      return bySqlState(database.getSqlState());
    }
    if (failure instanceof ConnectException || failure instanceof UnknownHostException) {
      return CONNECT_FAILED;
    }
    if (failure instanceof ClosedConnectionException || failure instanceof IOException || isInactiveConnection(failure)) {
      return CONNECTION_LOST;
    }
    return OTHER;
  }

  private static DbFailure bySqlState(String sqlState) {
    if (sqlState == null) {
      return OTHER;
    }
    if (DEADLINES.contains(sqlState)) {
      return DEADLINE;
    }
    if (CONNECTS_REFUSED.contains(sqlState)) {
      return CONNECT_FAILED;
    }
    if (TERMINATIONS.contains(sqlState) || sqlState.startsWith(SqlStates.CONNECTION_EXCEPTION_CLASS)) {
      return CONNECTION_LOST;
    }
    return OTHER;
  }
}
