package io.lanyard.model.api;

import io.lanyard.platform.db.PoolRefusals;

import java.util.Map;
import java.util.Optional;

/**
 * Admission control refused the work: waiting for a hash thread or a database connection would take longer than its budget.
 * Not a bug and not an internal failure: the request is answered at once with a 503 and a {@code Retry-After}, and nothing of
 * it has been written.
 */
public final class Overloaded extends Refusal {

  private final int retryAfterSeconds;

  public Overloaded(String what, int retryAfterSeconds) {
    super(what, null);
    this.retryAfterSeconds = retryAfterSeconds;
  }

  @Override
  public ApiError error() {
    return ApiError.overloaded();
  }

  @Override
  public Map<String, String> headers() {
    return Map.of(ApiError.RETRY_AFTER, Integer.toString(retryAfterSeconds));
  }

  /** Whole seconds for the {@code Retry-After} header, at least 1. */
  public int retryAfterSeconds() {
    return retryAfterSeconds;
  }

  /**
   * The overload behind a failure, if it is one: our own refusal, or the database pool's (wait queue full, or no connection
   * within its budget), as {@link PoolRefusals} recognises it.
   */
  public static Optional<Overloaded> of(Throwable failure) {
    if (failure instanceof Overloaded overloaded) {
      return Optional.of(overloaded);
    }
    if (PoolRefusals.isQueueFull(failure)) {
      return Optional.of(new Overloaded("database pool wait queue full", 1));
    }
    if (PoolRefusals.isWaitTimeout(failure)) {
      return Optional.of(new Overloaded("no database connection within budget", 1));
    }
    return Optional.empty();
  }
}
