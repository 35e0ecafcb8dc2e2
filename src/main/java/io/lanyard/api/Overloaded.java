package io.lanyard.api;

import io.vertx.core.VertxException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.core.impl.NoStackTraceThrowable;

import java.util.Optional;

/**
 * Admission control refused the work: waiting for a hash thread or a database connection would take longer than its budget.
 * Not a bug and not an internal failure: the request is answered at once with a 503 and a {@code Retry-After}, and nothing of
 * it has been written.
 */
public final class Overloaded extends RuntimeException {

  /** The database pool's refusal of a query when no connection came within {@code db.queueBudget}. */
  static final String POOL_QUERY_WAIT_TIMEOUT = "Timeout waiting for connection";
  /** The same refusal of {@code getConnection} (so of {@code withTransaction}), as Vert.x 5.0 words it. */
  static final String POOL_ACQUIRE_WAIT_TIMEOUT = "Timeout";

  private final int retryAfterSeconds;

  public Overloaded(String what, int retryAfterSeconds) {
    super(what, null, false, false);
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** Whole seconds for the {@code Retry-After} header, at least 1. */
  public int retryAfterSeconds() {
    return retryAfterSeconds;
  }

  /**
   * The overload behind a failure, if it is one: our own refusal, or the database pool's (wait queue full, or no connection
   * within its budget). The pool says so only with its exception's type and, for the wait timeouts, their fixed messages
   * (AdmissionControlIT goes through both, so a Vert.x upgrade that rewords them fails the build).
   */
  public static Optional<Overloaded> of(Throwable failure) {
    if (failure instanceof Overloaded overloaded) {
      return Optional.of(overloaded);
    }
    if (failure instanceof ConnectionPoolTooBusyException) {
      return Optional.of(new Overloaded("database pool wait queue full", 1));
    }
    if (failure instanceof VertxException && POOL_QUERY_WAIT_TIMEOUT.equals(failure.getMessage())
      || failure instanceof NoStackTraceThrowable && POOL_ACQUIRE_WAIT_TIMEOUT.equals(failure.getMessage())) {
      return Optional.of(new Overloaded("no database connection within budget", 1));
    }
    return Optional.empty();
  }
}
