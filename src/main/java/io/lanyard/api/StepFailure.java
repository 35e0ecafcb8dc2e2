package io.lanyard.api;

import io.vertx.core.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;
import java.util.function.Function;

/**
 * A failure (database down, bug) tagged with the internal-error code of the step where it happened, so an operation maps
 * failures once, at its end, to the code that names the step (DECISIONS.md §4: 132 user lookup, 133 insert, ...).
 * An {@link Overloaded} refusal is neither tagged nor mapped: it is no internal failure, and must reach the envelope as a 503.
 */
public final class StepFailure extends RuntimeException {

  private static final Logger log = LoggerFactory.getLogger(StepFailure.class);

  private final StatusCode code;

  private StepFailure(StatusCode code, Throwable cause) {
    super(code.name(), cause, false, false);
    this.code = code;
  }

  /** For {@code future.recover(StepFailure.as(CODE))}: tags a failure that is not tagged yet; an overload passes untagged. */
  public static <T> Function<Throwable, Future<T>> as(StatusCode code) {
    return failure -> {
      if (failure instanceof StepFailure) {
        return Future.failedFuture(failure);
      }
      Optional<Overloaded> overload = Overloaded.of(failure);
      return Future.failedFuture(overload.isPresent() ? overload.get() : new StepFailure(code, failure));
    };
  }

  /**
   * The operation's reply for a failure: its step's code (else {@code fallback}), logged once with the cause; nothing leaks.
   * An overload is thrown instead, so the operation's final {@code .otherwise(failure -> toResult(...))} fails with it (as
   * {@code Future#otherwise} does when its mapper throws) and the refusal reaches the 503 rather than becoming a code.
   *
   * @throws Overloaded when the failure is admission control's refusal
   */
  public static Result toResult(Throwable failure, StatusCode fallback) {
    Optional<Overloaded> overload = Overloaded.of(failure);
    if (overload.isPresent()) {
      throw overload.get();
    }
    StatusCode code = failure instanceof StepFailure tagged ? tagged.code : fallback;
    Throwable cause = failure instanceof StepFailure && failure.getCause() != null ? failure.getCause() : failure;
    log.error("Request failed with internal code {}", code.code(), cause);
    return Result.of(code);
  }
}
