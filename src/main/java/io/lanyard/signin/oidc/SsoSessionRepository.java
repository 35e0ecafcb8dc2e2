package io.lanyard.signin.oidc;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;

/**
 * The {@code oidc_sessions} table. A session is read with everything that may have ended it, in one statement on its primary
 * key: logout, its idle and absolute limits, an account no longer active, and the user's session cut-off (a password change or
 * reset, a disabled or erased account, a global logout: the cut-offs that end tokens) after its sign-in. The read also marks
 * it used, at most once a minute, which is all the idle limit needs.
 */
final class SsoSessionRepository {

  // Only for an active account; stamped no earlier than the user's cut-off (another instance's clock may run ahead), so a
  // sign-in after a password reset is never refused by the reset's cut-off.
  private static final String INSERT = """
    INSERT INTO oidc_sessions (id_hash, sid, user_id, auth_time, last_seen_at, expires_at)
    SELECT $1, $2, u.id, GREATEST($4, c.not_before), GREATEST($4, c.not_before), $5
    FROM users u LEFT JOIN session_cutoffs c ON c.user_id = u.id
    WHERE u.id = $3 AND u.status = 'active'
    RETURNING auth_time""";

  private static final String FIND_VALID = """
    WITH found AS (
      SELECT s.id_hash, s.sid, s.user_id, s.auth_time, s.last_seen_at
      FROM oidc_sessions s JOIN users u ON u.id = s.user_id LEFT JOIN session_cutoffs c ON c.user_id = s.user_id
      WHERE s.id_hash = $1 AND s.ended_at IS NULL AND s.expires_at > now()
        AND s.last_seen_at > now() - $2 * interval '1 millisecond' AND u.status = 'active'
        AND (c.not_before IS NULL OR s.auth_time >= c.not_before)),
    touched AS (
      UPDATE oidc_sessions s SET last_seen_at = now() FROM found
      WHERE s.id_hash = found.id_hash AND found.last_seen_at < now() - interval '1 minute')
    SELECT sid, user_id, auth_time FROM found""";

  private static final String END = """
    UPDATE oidc_sessions SET ended_at = now() WHERE id_hash = $1 AND ended_at IS NULL RETURNING sid, user_id, auth_time""";

  private static final String END_BY_SID = """
    UPDATE oidc_sessions SET ended_at = now() WHERE sid = $1 AND ended_at IS NULL RETURNING sid, user_id, auth_time""";

  private static final String DELETE_OLD = """
    DELETE FROM oidc_sessions WHERE expires_at < now() - interval '1 day' OR ended_at < now() - interval '1 day'""";

  /** @return the session as written (its sign-in time), or empty when the account is not active */
  Future<Optional<SsoSession>> insert(SqlClient client, byte[] idHash, SsoSession session, long expiresAt) {
    return client.preparedQuery(INSERT).execute(Tuple.of(Buffer.buffer(idHash), UUID.fromString(session.sid()),
      UUID.fromString(session.userId()), time(session.authTime()), time(expiresAt))).map(rows -> rows.size() == 0
      ? Optional.empty()
      : Optional.of(new SsoSession(session.sid(), session.userId(),
        rows.iterator().next().getOffsetDateTime("auth_time").toInstant().toEpochMilli())));
  }

  Future<Optional<SsoSession>> findValid(SqlClient client, byte[] idHash, long idleMillis) {
    return client.preparedQuery(FIND_VALID).execute(Tuple.of(Buffer.buffer(idHash), idleMillis)).map(rows ->
      rows.size() == 0 ? Optional.empty() : Optional.of(toSession(rows.iterator().next())));
  }

  /** @return the session it ended, if it was live */
  Future<Optional<SsoSession>> end(SqlClient client, byte[] idHash) {
    return client.preparedQuery(END).execute(Tuple.of(Buffer.buffer(idHash))).map(rows ->
      rows.size() == 0 ? Optional.empty() : Optional.of(toSession(rows.iterator().next())));
  }

  Future<Optional<SsoSession>> endBySid(SqlClient client, String sid) {
    return client.preparedQuery(END_BY_SID).execute(Tuple.of(UUID.fromString(sid))).map(rows ->
      rows.size() == 0 ? Optional.empty() : Optional.of(toSession(rows.iterator().next())));
  }

  Future<Integer> deleteOld(SqlClient client) {
    return client.preparedQuery(DELETE_OLD).execute().map(rows -> rows.rowCount());
  }

  private static SsoSession toSession(Row row) {
    return new SsoSession(row.getUUID("sid").toString(), row.getUUID("user_id").toString(),
      row.getOffsetDateTime("auth_time").toInstant().toEpochMilli());
  }

  static OffsetDateTime time(long epochMillis) {
    return OffsetDateTime.ofInstant(Instant.ofEpochMilli(epochMillis), ZoneOffset.UTC);
  }
}
