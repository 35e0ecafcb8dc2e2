package io.lanyard.model.api;

import java.time.Duration;
import java.util.Map;

/**
 * A request refused by one of docs/decisions.md §7's limits, before any hashing or write: 429 with a {@code Retry-After} in whole
 * seconds. The per-identifier lockout answers Kuzzle's {@code api.process.too_many_logins_requests}; every other limit
 * {@code api.process.too_many_requests}. The reason names the limit for the metrics; the reply never does. An expected
 * outcome, so a value: an operation answers {@link #reply()}, never a failed future.
 */
public final class TooManyRequests {

  /** Why a request was refused, as {@code /metrics} counts it. */
  public enum Reason {
    LOCKOUT("lockout"), SOURCE_RATE("source_rate"), REFRESH_RATE("refresh_rate"), EMAIL_CHANGE_RATE("email_change_rate");

    private final String wireName;

    Reason(String wireName) {
      this.wireName = wireName;
    }

    public String wireName() {
      return wireName;
    }
  }

  private final Reason reason;
  private final long retryAfterSeconds;

  private TooManyRequests(Reason reason, Duration retryAfter) {
    this.reason = reason;
    this.retryAfterSeconds = Math.max(1, (retryAfter.toMillis() + 999) / 1000);
  }

  /** The identifier is locked for {@code retryAfter}. */
  public static TooManyRequests lockout(Duration retryAfter) {
    return new TooManyRequests(Reason.LOCKOUT, retryAfter);
  }

  public static TooManyRequests of(Reason reason, Duration retryAfter) {
    return new TooManyRequests(reason, retryAfter);
  }

  public Reason reason() {
    return reason;
  }

  /** Whole seconds, at least 1. */
  public long retryAfterSeconds() {
    return retryAfterSeconds;
  }

  public ApiError error() {
    return reason == Reason.LOCKOUT ? ApiError.tooManyLogins() : ApiError.tooManyRequests();
  }

  public Map<String, String> headers() {
    return Map.of(ApiError.RETRY_AFTER, Long.toString(retryAfterSeconds));
  }

  /** The 429 to answer, with its {@code Retry-After}, carrying the reason for the metrics. */
  public Reply reply() {
    ApiError error = error();
    return new Reply(error.status(), null, error, headers(), false, null, reason);
  }
}
