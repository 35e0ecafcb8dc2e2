package io.lanyard.platform.db;

import io.vertx.core.VertxException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.core.impl.NoStackTraceThrowable;

/**
 * How the database pool says it refused a query: no connection within {@code db.queueBudget}, or its wait queue full. Vert.x
 * says so only with the exception's type and, for the wait timeouts, their fixed messages; {@code PoolRefusalsIT} drives a real
 * pool into each, so a Vert.x upgrade that rewords them fails the build.
 */
public final class PoolRefusals {

  /** The refusal of a query when no connection came within the budget. */
  static final String QUERY_WAIT_TIMEOUT = "Timeout waiting for connection";
  /** The same refusal of {@code getConnection} (so of {@code withTransaction}), as Vert.x 5.0 words it. */
  static final String ACQUIRE_WAIT_TIMEOUT = "Timeout";

  private PoolRefusals() {
  }

  /** The wait queue was full: the pool refused at once. */
  public static boolean isQueueFull(Throwable failure) {
    return failure instanceof ConnectionPoolTooBusyException;
  }

  /** No connection came within the pool's wait budget. */
  public static boolean isWaitTimeout(Throwable failure) {
    return failure instanceof VertxException && QUERY_WAIT_TIMEOUT.equals(failure.getMessage())
      || failure instanceof NoStackTraceThrowable && ACQUIRE_WAIT_TIMEOUT.equals(failure.getMessage());
  }
}
