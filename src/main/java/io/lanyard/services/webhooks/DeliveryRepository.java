package io.lanyard.services.webhooks;

import io.lanyard.platform.db.Backlog;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Delivery's side of the webhook outbox: claiming due deliveries, recording outcomes, the operator's view, pruning. */
public final class DeliveryRepository {

  // A claim is a lease: the claimed rows are pushed past the lease and their attempt counted, then committed, so no
  // transaction stays open while a receiver is slow; a crash mid-send leaves them due again when the lease ends. SKIP LOCKED:
  // instances claim disjoint rows. A delivery waits while an earlier one for the same user and subscription is pending, so
  // each receiver gets a user's events in order.
  private static final String CLAIM = """
    UPDATE webhook_deliveries d SET attempts = d.attempts + 1,
      next_attempt_at = now() + $2::float8 * interval '1 millisecond'
    FROM webhook_events e, webhook_subscriptions s
    WHERE d.id IN (
        SELECT c.id FROM webhook_deliveries c
        WHERE c.status = 'pending' AND c.next_attempt_at <= now() AND c.subscription_id <> ALL ($3::uuid[])
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p WHERE p.status = 'pending'
                          AND p.subscription_id = c.subscription_id AND p.user_id = c.user_id AND p.id < c.id)
        ORDER BY c.id
        LIMIT $1
        FOR UPDATE SKIP LOCKED)
      AND e.id = d.event_id AND s.id = d.subscription_id
    RETURNING d.id, d.attempts, d.subscription_id, e.id AS event_id, e.type, e.data, e.created_at, s.url, s.secret""";
  // Only the holder of the latest claim records an outcome: a late answer to an expired lease changes nothing.
  private static final String MARK_DELIVERED = """
    UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now(), last_error = NULL
    WHERE id = $1 AND attempts = $2 AND status = 'pending'""";
  private static final String MARK_FAILED = """
    UPDATE webhook_deliveries SET last_error = $3, status = CASE WHEN $4 THEN 'dead' ELSE 'pending' END,
      next_attempt_at = now() + $5::float8 * interval '1 millisecond'
    WHERE id = $1 AND attempts = $2 AND status = 'pending'""";
  private static final String BACKLOG = """
    SELECT count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'dead') AS dead,
      extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'pending')) * 1000 AS oldest_pending_ms
    FROM webhook_deliveries WHERE status <> 'delivered'""";
  private static final String STATUS = """
    SELECT a.name, s.url, array_to_string(s.events, ',') AS events,
      count(d.id) FILTER (WHERE d.status = 'pending') AS pending,
      count(d.id) FILTER (WHERE d.status = 'delivered') AS delivered,
      count(d.id) FILTER (WHERE d.status = 'dead') AS dead,
      extract(epoch FROM now() - min(d.created_at) FILTER (WHERE d.status = 'pending')) * 1000 AS oldest_pending_ms,
      (SELECT last_error FROM webhook_deliveries l WHERE l.subscription_id = s.id AND l.last_error IS NOT NULL
       ORDER BY l.id DESC LIMIT 1) AS last_error
    FROM webhook_subscriptions s JOIN applications a ON a.id = s.application_id
    LEFT JOIN webhook_deliveries d ON d.subscription_id = s.id
    GROUP BY s.id, a.name ORDER BY a.name""";
  private static final String RETRY_DEAD = """
    UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = now()
    WHERE status = 'dead' AND ($1::uuid IS NULL
      OR subscription_id IN (SELECT id FROM webhook_subscriptions WHERE application_id = $1))""";
  private static final String PRUNE_DELIVERIES = """
    DELETE FROM webhook_deliveries WHERE id IN (
      SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND created_at < now() - $1::float8 * interval '1 millisecond'
      LIMIT $2)""";
  private static final String PRUNE_EVENTS = """
    DELETE FROM webhook_events WHERE id IN (
      SELECT e.id FROM webhook_events e WHERE e.created_at < now() - $1::float8 * interval '1 millisecond'
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
      LIMIT $2)""";

  /** A claimed delivery: the event as its body tells it, where to send it, and the secret that signs it, as stored. */
  public record Claimed(long id, int attempt, UUID subscriptionId, UUID eventId, String type, JsonObject data, OffsetDateTime occurredAt,
                        String url, String secret) {
  }

  /** One subscription's deliveries, for {@code webhooks status}. */
  public record SubscriptionStatus(String application, String url, String events, long pending, long delivered, long dead,
                                   Optional<Duration> oldestPending, Optional<String> lastError) {
  }

  /** @param skipped subscriptions not to claim for (they have as many deliveries under way as they may) */
  public Future<List<Claimed>> claim(SqlClient client, int limit, Duration lease, List<UUID> skipped) {
    Tuple values = Tuple.tuple().addInteger(limit).addDouble((double) lease.toMillis()).addArrayOfUUID(skipped.toArray(UUID[]::new));
    return client.preparedQuery(CLAIM).execute(values).map(rows -> {
      List<Claimed> claimed = new ArrayList<>(rows.size());
      for (Row row : rows) {
        Object data = row.getValue("data");
        claimed.add(new Claimed(row.getLong("id"), row.getInteger("attempts"), row.getUUID("subscription_id"),
          row.getUUID("event_id"), row.getString("type"),
          data instanceof JsonObject object ? object : new JsonObject(), row.getOffsetDateTime("created_at"),
          row.getString("url"), row.getString("secret")));
      }
      claimed.sort((a, b) -> Long.compare(a.id(), b.id()));
      return claimed;
    });
  }

  public Future<Void> markDelivered(SqlClient client, Claimed delivery) {
    return client.preparedQuery(MARK_DELIVERED).execute(Tuple.of(delivery.id(), delivery.attempt())).mapEmpty();
  }

  /** @param dead true when this was the last attempt */
  public Future<Void> markFailed(SqlClient client, Claimed delivery, String error, boolean dead, Duration retryIn) {
    return client.preparedQuery(MARK_FAILED)
      .execute(Tuple.of(delivery.id(), delivery.attempt(), error, dead, (double) retryIn.toMillis())).mapEmpty();
  }

  public Future<Backlog> backlog(SqlClient client) {
    return client.preparedQuery(BACKLOG).execute().map(rows -> Backlog.of(rows.iterator().next()));
  }

  public Future<List<SubscriptionStatus>> status(SqlClient client) {
    return client.preparedQuery(STATUS).execute().map(rows -> {
      List<SubscriptionStatus> all = new ArrayList<>(rows.size());
      for (Row row : rows) {
        all.add(new SubscriptionStatus(row.getString("name"), row.getString("url"), row.getString("events"),
          row.getLong("pending"), row.getLong("delivered"), row.getLong("dead"), millis(row.getValue("oldest_pending_ms")),
          Optional.ofNullable(row.getString("last_error"))));
      }
      return all;
    });
  }

  /** Puts dead deliveries back in line (of one application, or all); how many. */
  public Future<Integer> retryDead(SqlClient client, Optional<String> applicationId) {
    return client.preparedQuery(RETRY_DEAD).execute(Tuple.of(applicationId.map(UUID::fromString).orElse(null)))
      .map(rows -> rows.rowCount());
  }

  /** Deletes at most {@code limit} finished deliveries (and events left without any) older than {@code retention}. */
  public Future<Integer> prune(SqlClient client, Duration retention, int limit) {
    Tuple values = Tuple.of((double) retention.toMillis(), limit);
    return client.preparedQuery(PRUNE_DELIVERIES).execute(values)
      .compose(deliveries -> client.preparedQuery(PRUNE_EVENTS).execute(values)
        .map(events -> Math.max(deliveries.rowCount(), events.rowCount())));
  }

  private static Optional<Duration> millis(Object value) {
    return value == null ? Optional.empty() : Optional.of(Duration.ofMillis(((Number) value).longValue()));
  }
}
