package io.lanyard.services.events;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.List;
import java.util.UUID;

/** Writes events into the webhook outbox, with one delivery for every subscription that may hear each. */
final class EventRepository {

  // One round trip however many events: the event rows and their deliveries are written only for the subscriptions that
  // want the type and may see the account (its creator, or any account under scope any), in the order given, so the
  // deliveries of one account keep the order of its changes.
  private static final String INSERT = """
    WITH incoming AS (
      SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::uuid[])
        WITH ORDINALITY AS t(id, type, user_id, data, creator, position)),
    resolved AS (
      SELECT i.id, i.type, i.user_id, i.position,
        i.data::jsonb || CASE WHEN i.type <> 'user.deleted' AND u.email IS NOT NULL
                              THEN jsonb_build_object('email', u.email) ELSE '{}'::jsonb END AS data,
        coalesce(i.creator, u.from_application_id) AS creator
      FROM incoming i LEFT JOIN users u ON u.id = i.user_id),
    matched AS (
      SELECT r.id, r.user_id, r.position, s.id AS subscription_id
      FROM resolved r
      JOIN webhook_subscriptions s ON r.type = ANY (s.events)
      JOIN applications a ON a.id = s.application_id
      WHERE a.revoked_at IS NULL AND (a.user_scope = 'any' OR a.id = r.creator)),
    stored AS (
      INSERT INTO webhook_events (id, type, user_id, data)
      SELECT r.id, r.type, r.user_id, r.data FROM resolved r WHERE r.id IN (SELECT id FROM matched))
    INSERT INTO webhook_deliveries (event_id, subscription_id, user_id)
    SELECT id, subscription_id, user_id FROM matched ORDER BY position, subscription_id""";

  /** @return how many deliveries were queued */
  Future<Integer> insert(SqlClient client, List<UserEvent> events) {
    int size = events.size();
    UUID[] ids = new UUID[size];
    String[] types = new String[size];
    UUID[] users = new UUID[size];
    String[] data = new String[size];
    UUID[] creators = new UUID[size];
    for (int i = 0; i < size; i++) {
      UserEvent event = events.get(i);
      ids[i] = event.id();
      types[i] = event.type().wireName();
      users[i] = UUID.fromString(event.userId());
      data[i] = event.data().encode();
      creators[i] = event.creatorApplicationId() == null ? null : UUID.fromString(event.creatorApplicationId());
    }
    Tuple values = Tuple.tuple().addArrayOfUUID(ids).addArrayOfString(types).addArrayOfUUID(users).addArrayOfString(data)
      .addArrayOfUUID(creators);
    return client.preparedQuery(INSERT).execute(values).map(rows -> rows.rowCount());
  }
}
