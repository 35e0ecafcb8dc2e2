package io.lanyard.signin.oidc;

import io.lanyard.model.applications.IdTokenAlgorithm;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** The {@code oidc_logout_deliveries} table: back-channel logouts to send, claimed under a lease by any instance. */
final class LogoutDeliveryRepository {

  // every client that took part in the session and registered a back-channel URI, once
  private static final String ENQUEUE = """
    INSERT INTO oidc_logout_deliveries (client_id, sid, user_id, uri)
    SELECT DISTINCT g.client_id, g.sid, g.user_id, c.backchannel_logout_uri
    FROM oidc_grants g JOIN oidc_clients c ON c.client_id = g.client_id
    WHERE g.sid = $1 AND c.backchannel_logout_uri IS NOT NULL""";

  // a claimed delivery is not due again before its lease ends: a crash leaves it for another instance
  private static final String CLAIM = """
    UPDATE oidc_logout_deliveries SET next_attempt_at = now() + $2 * interval '1 millisecond', attempts = attempts + 1
    WHERE id IN (SELECT id FROM oidc_logout_deliveries WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
    RETURNING id, client_id, sid, user_id, uri, attempts,
      (SELECT c.id_token_alg FROM oidc_clients c WHERE c.client_id = oidc_logout_deliveries.client_id) AS id_token_alg""";

  private static final String DELIVERED = """
    UPDATE oidc_logout_deliveries SET status = 'delivered', delivered_at = now(), last_error = NULL WHERE id = $1""";

  private static final String FAILED = """
    UPDATE oidc_logout_deliveries SET status = CASE WHEN $3 THEN 'dead' ELSE 'pending' END,
      next_attempt_at = now() + $4 * interval '1 millisecond', last_error = $2 WHERE id = $1""";

  private static final String DELETE_FINISHED = """
    DELETE FROM oidc_logout_deliveries WHERE status <> 'pending' AND created_at < now() - $1 * interval '1 millisecond'""";

  /** A delivery to send now. */
  record Claimed(long id, String clientId, String sid, String userId, String uri, int attempt,
                 IdTokenAlgorithm algorithm) {
  }

  /** @return how many deliveries were written */
  Future<Integer> enqueue(SqlClient client, String sid) {
    return client.preparedQuery(ENQUEUE).execute(Tuple.of(UUID.fromString(sid))).map(rows -> rows.rowCount());
  }

  Future<List<Claimed>> claim(SqlClient client, int limit, long leaseMillis) {
    return client.preparedQuery(CLAIM).execute(Tuple.of(limit, leaseMillis)).map(rows -> {
      List<Claimed> claimed = new ArrayList<>();
      for (Row row : rows) {
        claimed.add(new Claimed(row.getLong("id"), row.getString("client_id"), row.getUUID("sid").toString(),
          row.getUUID("user_id").toString(), row.getString("uri"), row.getInteger("attempts"),
          // a client deleted since gets the default: it no longer checks anything
          IdTokenAlgorithm.parse(row.getString("id_token_alg")).orElse(IdTokenAlgorithm.DEFAULT)));
      }
      return claimed;
    });
  }

  Future<Void> delivered(SqlClient client, long id) {
    return client.preparedQuery(DELIVERED).execute(Tuple.of(id)).mapEmpty();
  }

  Future<Void> failed(SqlClient client, long id, String error, boolean dead, long retryInMillis) {
    return client.preparedQuery(FAILED).execute(Tuple.of(id, error, dead, retryInMillis)).mapEmpty();
  }

  Future<Integer> deleteFinished(SqlClient client, long olderThanMillis) {
    return client.preparedQuery(DELETE_FINISHED).execute(Tuple.of(olderThanMillis)).map(rows -> rows.rowCount());
  }
}
