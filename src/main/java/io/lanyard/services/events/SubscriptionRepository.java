package io.lanyard.services.events;

import io.lanyard.platform.config.Topics;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The {@code webhook_subscriptions} table: one subscription per application, written by the CLI. Every write is announced
 * on the applications' channel, so each instance learns within a second which event types are wanted.
 */
public final class SubscriptionRepository {

  private static final String WANTED_TYPES = """
    SELECT DISTINCT unnest(s.events) AS type FROM webhook_subscriptions s JOIN applications a ON a.id = s.application_id
    WHERE a.revoked_at IS NULL""";
  private static final String COLUMNS = """
    s.id, s.application_id, a.name, s.url, s.events FROM webhook_subscriptions s JOIN applications a ON a.id = s.application_id""";
  private static final String LIST = "SELECT " + COLUMNS + " ORDER BY a.name";
  private static final String FIND = "SELECT " + COLUMNS + " WHERE s.application_id = $1";
  // A new subscription takes the secret given; an existing one keeps its own unless asked to replace it.
  private static final String SAVE = """
    INSERT INTO webhook_subscriptions (application_id, url, events, secret) VALUES ($1, $2, $3, $4)
    ON CONFLICT ON CONSTRAINT webhook_subscriptions_application_key DO UPDATE SET
      url = EXCLUDED.url, events = EXCLUDED.events, updated_at = now(),
      secret = CASE WHEN $5 THEN EXCLUDED.secret ELSE webhook_subscriptions.secret END
    RETURNING (xmax = 0) AS created""";
  private static final String DELETE = """
    DELETE FROM webhook_subscriptions WHERE application_id = $1""";
  private static final String ANNOUNCE = """
    SELECT pg_notify($1, '')""";

  /** Whether saving created the subscription, and so whether the secret given is now its secret. */
  public record Saved(boolean created, boolean secretReplaced) {

    public boolean secretInUse() {
      return created || secretReplaced;
    }
  }

  /** The event types some subscription of a live application asks for. */
  public Future<Set<EventType>> wantedTypes(SqlClient client) {
    return client.preparedQuery(WANTED_TYPES).execute().map(rows -> {
      Set<EventType> types = EnumSet.noneOf(EventType.class);
      rows.forEach(row -> EventType.fromWire(row.getString("type")).ifPresent(types::add));
      return types;
    });
  }

  public Future<List<Subscription>> list(SqlClient client) {
    return client.preparedQuery(LIST).execute().map(SubscriptionRepository::toSubscriptions);
  }

  public Future<Optional<Subscription>> find(SqlClient client, String applicationId) {
    return client.preparedQuery(FIND).execute(Tuple.of(UUID.fromString(applicationId)))
      .map(rows -> toSubscriptions(rows).stream().findFirst());
  }

  /**
   * Creates the application's subscription, or changes its URL and events.
   *
   * @param secret the secret of a new subscription, or the replacement when {@code replaceSecret}
   */
  public Future<Saved> save(Pool pool, String applicationId, String url, List<EventType> events, String secret,
                            boolean replaceSecret) {
    String[] types = events.stream().map(EventType::wireName).toArray(String[]::new);
    Tuple values = Tuple.tuple().addUUID(UUID.fromString(applicationId)).addString(url).addArrayOfString(types)
      .addString(secret).addBoolean(replaceSecret);
    return pool.withTransaction(tx -> tx.preparedQuery(SAVE).execute(values)
      .compose(rows -> announce(tx).map(new Saved(rows.iterator().next().getBoolean("created"), replaceSecret))));
  }

  /** Removes the subscription and the deliveries still waiting for it; false when there was none. */
  public Future<Boolean> delete(Pool pool, String applicationId) {
    return pool.withTransaction(tx -> tx.preparedQuery(DELETE).execute(Tuple.of(UUID.fromString(applicationId)))
      .compose(rows -> announce(tx).map(rows.rowCount() == 1)));
  }

  private static Future<Void> announce(SqlClient tx) {
    return tx.preparedQuery(ANNOUNCE).execute(Tuple.of(Topics.APPLICATIONS_CHANGED)).mapEmpty();
  }

  private static List<Subscription> toSubscriptions(RowSet<Row> rows) {
    List<Subscription> subscriptions = new ArrayList<>(rows.size());
    for (Row row : rows) {
      List<EventType> events = new ArrayList<>();
      for (String type : row.getArrayOfStrings("events")) {
        EventType.fromWire(type).ifPresent(events::add);
      }
      subscriptions.add(new Subscription(row.getUUID("id").toString(), row.getUUID("application_id").toString(),
        row.getString("name"), row.getString("url"), List.copyOf(events)));
    }
    return subscriptions;
  }
}
