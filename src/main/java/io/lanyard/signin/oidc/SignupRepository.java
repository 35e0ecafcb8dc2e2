package io.lanyard.signin.oidc;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

import static io.lanyard.signin.oidc.SsoSessionRepository.time;

/**
 * The {@code oidc_signups} table: the authorization requests people were in when they asked for an account. A row is read
 * only together with the account it was asked for (the same address), so a reference shown with another account's link
 * finds nothing; it is used up by the one statement that reads it for the continuation, race-free across instances.
 */
final class SignupRepository {

  private static final String INSERT = """
    INSERT INTO oidc_signups (ref_hash, email, client_id, parameters, expires_at) VALUES ($1, $2, $3, $4, $5)""";

  private static final String FIND = """
    SELECT s.parameters, s.expires_at <= now() AS expired, s.used_at IS NOT NULL AS used
    FROM oidc_signups s JOIN users u ON u.email = s.email
    WHERE s.ref_hash = $1 AND u.id = $2""";

  private static final String USE = """
    WITH previous AS (SELECT s.ref_hash, s.used_at FROM oidc_signups s JOIN users u ON u.email = s.email
                      WHERE s.ref_hash = $1 AND u.id = $2 FOR UPDATE OF s)
    UPDATE oidc_signups s SET used_at = coalesce(s.used_at, now()) FROM previous WHERE s.ref_hash = previous.ref_hash
    RETURNING s.parameters, s.expires_at <= now() AS expired, previous.used_at IS NOT NULL AS used""";

  private static final String DELETE_OLD = """
    DELETE FROM oidc_signups WHERE created_at < now() - $1::float8 * interval '1 millisecond'""";

  /** A pending request as read for the account: its parameters, and whether it may still be continued. */
  record Stored(String parameters, boolean expired, boolean used) {
  }

  Future<Void> insert(SqlClient client, byte[] refHash, String email, String clientId, String parameters, long expiresAt) {
    return client.preparedQuery(INSERT).execute(Tuple.of(Buffer.buffer(refHash), email, clientId, parameters,
      time(expiresAt))).mapEmpty();
  }

  Future<Optional<Stored>> find(SqlClient client, byte[] refHash, String userId) {
    return client.preparedQuery(FIND).execute(Tuple.of(Buffer.buffer(refHash), UUID.fromString(userId)))
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(stored(rows.iterator().next())));
  }

  /** The row, now used; {@code used} says whether it already was. */
  Future<Optional<Stored>> use(SqlClient client, byte[] refHash, String userId) {
    return client.preparedQuery(USE).execute(Tuple.of(Buffer.buffer(refHash), UUID.fromString(userId)))
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(stored(rows.iterator().next())));
  }

  /** @param keep how long a row stays after it was written: as long as the links it went with can be used, and a day */
  Future<Integer> deleteOld(SqlClient client, Duration keep) {
    return client.preparedQuery(DELETE_OLD).execute(Tuple.of((double) keep.plusDays(1).toMillis()))
      .map(rows -> rows.rowCount());
  }

  private static Stored stored(Row row) {
    return new Stored(row.getString("parameters"), row.getBoolean("expired"), row.getBoolean("used"));
  }
}
