package io.lanyard.model.api;

import io.lanyard.platform.db.DbFailure;

import java.util.Locale;
import java.util.Map;

/**
 * The database could not serve the request: no connection, a connection lost, a statement past its deadline. A 503
 * {@code services.storage.unavailable} with a {@code Retry-After}, so load balancers, CDNs and clients retry; whatever the
 * request wrote was rolled back, unless its COMMIT's reply was what got lost (an {@code Idempotency-Key} makes that retry safe).
 */
public final class StorageUnavailable extends Refusal {

  /** A restart or failover takes seconds; a deadline passed means a lock or a load that may be gone at once. */
  private static final int RETRY_AFTER_UNAVAILABLE = 5;
  private static final int RETRY_AFTER_DEADLINE = 1;

  private final DbFailure kind;

  StorageUnavailable(DbFailure kind, Throwable cause) {
    super("database " + kind.name().toLowerCase(Locale.ROOT), cause);
    this.kind = kind;
  }

  public DbFailure kind() {
    return kind;
  }

  @Override
  public ApiError error() {
    return kind == DbFailure.DEADLINE
      ? ApiError.unavailable("The database did not answer in time, retry later", ApiError.STORAGE_UNAVAILABLE)
      : ApiError.unavailable("The database is unavailable, retry later", ApiError.STORAGE_UNAVAILABLE);
  }

  @Override
  public Map<String, String> headers() {
    int seconds = kind == DbFailure.DEADLINE ? RETRY_AFTER_DEADLINE : RETRY_AFTER_UNAVAILABLE;
    return Map.of(ApiError.RETRY_AFTER, Integer.toString(seconds));
  }
}
