package io.lanyard.platform.db;

import io.vertx.sqlclient.Row;

import java.time.Duration;
import java.util.Optional;

/**
 * What an outbox (mail, webhook deliveries) holds undone: items pending and dead, and how long the oldest pending one has waited
 * (empty when none is pending).
 */
public record Backlog(long pending, long dead, Optional<Duration> oldestPending) {

  /** From a row of columns {@code pending}, {@code dead} and {@code oldest_pending_ms} (null when none is pending). */
  public static Backlog of(Row row) {
    Object oldest = row.getValue("oldest_pending_ms");
    return new Backlog(row.getLong("pending"), row.getLong("dead"),
      oldest == null ? Optional.empty() : Optional.of(Duration.ofMillis(((Number) oldest).longValue())));
  }
}
