package io.lanyard.model.api;

import io.lanyard.platform.db.DbFailure;

import java.util.Map;
import java.util.Optional;

/**
 * Work refused as a whole, answered with an envelope error the client can act on rather than with a business code: admission
 * control's 503 ({@link Overloaded}), a database that cannot serve now ({@link StorageUnavailable}), an idempotency key used
 * wrongly. Not an internal failure: operations let it pass untouched ({@link StepFailure}), and it is answered as it says.
 */
public abstract class Refusal extends RuntimeException {

  protected Refusal(String what, Throwable cause) {
    super(what, cause, false, false);
  }

  /** The envelope error to answer. */
  public abstract ApiError error();

  /** Response headers sent with it ({@code Retry-After}). */
  public Map<String, String> headers() {
    return Map.of();
  }

  public Reply reply() {
    return Reply.error(error(), headers());
  }

  /**
   * The refusal a failure amounts to, if any: one already made, the database pool's (an {@link Overloaded}), or a database
   * that cannot serve (a {@link StorageUnavailable}), as {@link DbFailure} classifies it. Anything else is a failure.
   */
  public static Optional<Refusal> from(Throwable failure) {
    if (failure instanceof Refusal refusal) {
      return Optional.of(refusal);
    }
    Optional<Overloaded> overload = Overloaded.of(failure);
    if (overload.isPresent()) {
      return Optional.of(overload.get());
    }
    DbFailure kind = DbFailure.of(failure);
    if (kind == DbFailure.POOL_REFUSED) {
      return Optional.of(new Overloaded("database pool refused", 1));
    }
    return kind.isUnavailable() ? Optional.of(new StorageUnavailable(kind, failure)) : Optional.empty();
  }
}
