package io.lanyard.api;

import io.vertx.core.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Function;

/**
 * A failure (database down, bug) tagged with the internal-error code of the step where it happened, so an operation maps
 * failures once, at its end, to the code that names the step (DECISIONS.md §4: 132 user lookup, 133 insert, ...).
 */
public final class StepFailure extends RuntimeException {

  private static final Logger log = LoggerFactory.getLogger(StepFailure.class);

  private final StatusCode code;

  private StepFailure(StatusCode code, Throwable cause) {
    super(code.name(), cause, false, false);
    this.code = code;
  }

  /** For {@code future.recover(StepFailure.as(CODE))}: tags a failure that is not tagged yet. */
  public static <T> Function<Throwable, Future<T>> as(StatusCode code) {
    return failure -> Future.failedFuture(failure instanceof StepFailure ? failure : new StepFailure(code, failure));
  }

  /** The operation's reply for a failure: its step's code (else {@code fallback}), logged once with the cause; nothing leaks. */
  public static Result toResult(Throwable failure, StatusCode fallback, String operation) {
    StatusCode code = failure instanceof StepFailure tagged ? tagged.code : fallback;
    Throwable cause = failure instanceof StepFailure && failure.getCause() != null ? failure.getCause() : failure;
    log.error("{} failed with internal code {}", operation, code.code(), cause);
    return Result.of(code);
  }
}
