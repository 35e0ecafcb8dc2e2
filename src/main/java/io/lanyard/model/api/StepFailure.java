package io.lanyard.model.api;

import io.vertx.core.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;
import java.util.function.Function;

/**
 * A failure (a bug, a broken query) tagged with the internal-error code of the step where it happened, so an operation maps
 * failures once, at its end, to the code that names the step (docs/decisions.md §4: 132 user lookup, 133 insert, ...).
 * A {@link Refusal} (admission control's overload, a database that cannot serve now) is neither tagged nor mapped: it is no
 * internal failure, and must reach the envelope as the 503 it is.
 */
public final class StepFailure extends RuntimeException {

  private static final Logger log = LoggerFactory.getLogger(StepFailure.class);

  private final StatusCode code;

  private StepFailure(StatusCode code, Throwable cause) {
    super(code.name(), cause, false, false);
    this.code = code;
  }

  /** For {@code future.recover(StepFailure.as(CODE))}: tags a failure that is not tagged yet; a refusal passes untagged. */
  public static <T> Function<Throwable, Future<T>> as(StatusCode code) {
    return failure -> {
      if (failure instanceof StepFailure) {
        return Future.failedFuture(failure);
      }
      Optional<Refusal> refusal = Refusal.from(failure);
      return Future.failedFuture(refusal.isPresent() ? refusal.get() : new StepFailure(code, failure));
    };
  }

  /**
   * The operation's reply for a failure: its step's code (else {@code fallback}), logged once with the cause; nothing leaks.
   * A refusal is thrown instead, so the operation's final {@code .otherwise(failure -> toResult(...))} fails with it (as
   * {@code Future#otherwise} does when its mapper throws) and it reaches the envelope rather than becoming a code.
   *
   * @throws Refusal when the failure is one (an overload, the database unavailable)
   */
  public static Result toResult(Throwable failure, StatusCode fallback) {
    Optional<Refusal> refusal = Refusal.from(failure);
    if (refusal.isPresent()) {
      throw refusal.get();
    }
    StatusCode code = failure instanceof StepFailure tagged ? tagged.code : fallback;
    Throwable cause = failure instanceof StepFailure && failure.getCause() != null ? failure.getCause() : failure;
    log.error("Request failed with internal code {}", code.code(), cause);
    return Result.of(code);
  }
}
