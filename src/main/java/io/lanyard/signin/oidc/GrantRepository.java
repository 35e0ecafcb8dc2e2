package io.lanyard.signin.oidc;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static io.lanyard.signin.oidc.SsoSessionRepository.time;

/**
 * The {@code oidc_grants} and {@code oidc_refresh_tokens} tables: what one authorization issued, and its family of refresh
 * tokens. A refresh token is used up by the statement that reads it (race-free across instances); the read says whether it
 * had been used before, and how long ago, for the reuse grace.
 */
final class GrantRepository {

  // The grant, its first refresh token when it has one ($11 null: none), in one statement.
  private static final String INSERT = """
    WITH grant_row AS (
      INSERT INTO oidc_grants (id, client_id, user_id, sid, scope, auth_time, access_token_id, access_issued_at,
        access_expires_at, expires_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id)
    INSERT INTO oidc_refresh_tokens (token_hash, grant_id, expires_at)
    SELECT $11, id, $10 FROM grant_row WHERE $11::bytea IS NOT NULL""";

  // Only the client the token was issued to uses it up. A grant whose sign-in came before the user's session cut-off (a
  // password change or reset, a disabled or erased account, a global logout) counts as revoked.
  private static final String USE_REFRESH = """
    WITH previous AS (
      SELECT r.token_hash, r.used_at, r.expires_at FROM oidc_refresh_tokens r JOIN oidc_grants g ON g.id = r.grant_id
      WHERE r.token_hash = $1 AND g.client_id = $2 FOR UPDATE OF r)
    UPDATE oidc_refresh_tokens r SET used_at = coalesce(r.used_at, now())
    FROM previous, oidc_grants g LEFT JOIN session_cutoffs c ON c.user_id = g.user_id
    WHERE r.token_hash = previous.token_hash AND g.id = r.grant_id
    RETURNING g.id, g.client_id, g.user_id, g.sid, g.scope, g.auth_time,
      (g.revoked_at IS NOT NULL OR (c.not_before IS NOT NULL AND g.auth_time < c.not_before)) AS revoked,
      previous.expires_at > now() AS live,
      CASE WHEN previous.used_at IS NULL THEN -1
           ELSE floor(extract(epoch FROM now() - previous.used_at) * 1000)::bigint END AS used_ms_ago""";

  // The successor of a used refresh token, and the grant's new access token, in one statement.
  private static final String ROTATE = """
    WITH grant_row AS (
      UPDATE oidc_grants SET access_token_id = $3, access_issued_at = $4, access_expires_at = $5
      WHERE id = $2 AND revoked_at IS NULL RETURNING id)
    INSERT INTO oidc_refresh_tokens (token_hash, grant_id, expires_at)
    SELECT $1, id, $6 FROM grant_row""";

  private static final String FIND_REFRESH = """
    SELECT g.id, g.client_id FROM oidc_refresh_tokens r JOIN oidc_grants g ON g.id = r.grant_id WHERE r.token_hash = $1""";

  private static final String REVOKE = """
    UPDATE oidc_grants SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1
    RETURNING id, user_id, access_token_id, access_issued_at, access_expires_at""";

  // offline access outlives the browser's session: it was granted to work without one
  private static final String REVOKE_BY_SID = """
    UPDATE oidc_grants SET revoked_at = coalesce(revoked_at, now())
    WHERE sid = $1 AND revoked_at IS NULL AND NOT ('offline_access' = ANY (string_to_array(scope, ' ')))
    RETURNING id, user_id, access_token_id, access_issued_at, access_expires_at""";

  private static final String CLIENTS_OF_SESSION = """
    SELECT DISTINCT client_id FROM oidc_grants WHERE sid = $1""";

  private static final String DELETE_OLD = """
    DELETE FROM oidc_grants WHERE expires_at < now() - interval '1 day'""";

  /** A grant about to be written, with the access token issued under it. */
  record NewGrant(String id, String clientId, String userId, String sid, String scope, long authTime, IssuedAccess access,
                  long expiresAt, Optional<byte[]> refreshTokenHash) {
  }

  /** The access token last issued under a grant, to end it with the grant. */
  record IssuedAccess(String tokenId, long issuedAt, long expiresAt) {
  }

  /** A revoked grant: its user and the access token last issued under it, if any. */
  record Revoked(String grantId, String userId, Optional<IssuedAccess> access) {
  }

  /**
   * A refresh token as its use read it.
   *
   * @param usedMillisAgo -1 when this use is its first; else how long ago the first was
   */
  record Refresh(String grantId, String clientId, String userId, Optional<String> sid, String scope, long authTime,
                 boolean revoked, boolean live, long usedMillisAgo) {
  }

  Future<Void> insert(SqlClient client, NewGrant grant) {
    Tuple values = Tuple.of(UUID.fromString(grant.id()), grant.clientId(), UUID.fromString(grant.userId()),
        grant.sid() == null ? null : UUID.fromString(grant.sid()), grant.scope(), time(grant.authTime()))
      .addString(grant.access().tokenId()).addOffsetDateTime(time(grant.access().issuedAt()))
      .addOffsetDateTime(time(grant.access().expiresAt())).addOffsetDateTime(time(grant.expiresAt()))
      .addBuffer(grant.refreshTokenHash().map(Buffer::buffer).orElse(null));
    return client.preparedQuery(INSERT).execute(values).mapEmpty();
  }

  /** The refresh token issued to that client, now used; empty when it has none of that value. */
  Future<Optional<Refresh>> useRefresh(SqlClient client, byte[] tokenHash, String clientId) {
    return client.preparedQuery(USE_REFRESH).execute(Tuple.of(Buffer.buffer(tokenHash), clientId)).map(rows -> {
      if (rows.size() == 0) {
        return Optional.empty();
      }
      Row row = rows.iterator().next();
      return Optional.of(new Refresh(row.getUUID("id").toString(), row.getString("client_id"),
        row.getUUID("user_id").toString(), Optional.ofNullable(row.getUUID("sid")).map(UUID::toString),
        row.getString("scope"), row.getOffsetDateTime("auth_time").toInstant().toEpochMilli(), row.getBoolean("revoked"),
        row.getBoolean("live"), row.getLong("used_ms_ago")));
    });
  }

  /** @return false when the grant was revoked meanwhile (nothing written) */
  Future<Boolean> rotate(SqlClient client, String grantId, byte[] newTokenHash, long refreshExpiresAt, IssuedAccess access) {
    return client.preparedQuery(ROTATE).execute(Tuple.of(Buffer.buffer(newTokenHash), UUID.fromString(grantId),
        access.tokenId(), time(access.issuedAt()), time(access.expiresAt()), time(refreshExpiresAt)))
      .map(rows -> rows.rowCount() == 1);
  }

  /** The grant and client of a refresh token, used or not. */
  Future<Optional<String[]>> findRefresh(SqlClient client, byte[] tokenHash) {
    return client.preparedQuery(FIND_REFRESH).execute(Tuple.of(Buffer.buffer(tokenHash))).map(rows -> rows.size() == 0
      ? Optional.empty()
      : Optional.of(new String[] {rows.iterator().next().getUUID("id").toString(), rows.iterator().next().getString("client_id")}));
  }

  Future<Optional<Revoked>> revoke(SqlClient client, String grantId) {
    return client.preparedQuery(REVOKE).execute(Tuple.of(UUID.fromString(grantId)))
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(toRevoked(rows.iterator().next())));
  }

  Future<List<Revoked>> revokeBySession(SqlClient client, String sid) {
    return client.preparedQuery(REVOKE_BY_SID).execute(Tuple.of(UUID.fromString(sid))).map(rows -> {
      List<Revoked> all = new ArrayList<>();
      rows.forEach(row -> all.add(toRevoked(row)));
      return all;
    });
  }

  Future<List<String>> clientsOfSession(SqlClient client, String sid) {
    return client.preparedQuery(CLIENTS_OF_SESSION).execute(Tuple.of(UUID.fromString(sid))).map(rows -> {
      List<String> all = new ArrayList<>();
      rows.forEach(row -> all.add(row.getString("client_id")));
      return all;
    });
  }

  Future<Integer> deleteOld(SqlClient client) {
    return client.preparedQuery(DELETE_OLD).execute().map(rows -> rows.rowCount());
  }

  private static Revoked toRevoked(Row row) {
    String tokenId = row.getString("access_token_id");
    Optional<IssuedAccess> access = tokenId == null ? Optional.empty() : Optional.of(new IssuedAccess(tokenId,
      row.getOffsetDateTime("access_issued_at").toInstant().toEpochMilli(),
      row.getOffsetDateTime("access_expires_at").toInstant().toEpochMilli()));
    return new Revoked(row.getUUID("id").toString(), row.getUUID("user_id").toString(), access);
  }
}
