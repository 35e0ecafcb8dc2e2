package io.lanyard.model.api;

import java.time.Duration;
import java.util.Map;

/**
 * A request refused by one of docs/decisions.md §7's limits, before any hashing or write: 429 with a {@code Retry-After} in whole
 * seconds. The per-identifier lockout answers Kuzzle's {@code api.process.too_many_logins_requests}; every other limit
 * {@code api.process.too_many_requests}. The reason names the limit for the metrics; the reply never does.
 */
public final class TooManyRequests extends Refusal {

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
    super("too many requests: " + reason.wireName(), null);
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

  @Override
  public ApiError error() {
    return reason == Reason.LOCKOUT ? ApiError.tooManyLogins() : ApiError.tooManyRequests();
  }

  @Override
  public Map<String, String> headers() {
    return Map.of(ApiError.RETRY_AFTER, Long.toString(retryAfterSeconds));
  }
}
