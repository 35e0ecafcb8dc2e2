package io.lanyard.signin.oidc;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.Optional;
import java.util.UUID;

import static io.lanyard.signin.oidc.SsoSessionRepository.time;

/**
 * The {@code oidc_codes} table. A code is used up by the one statement that reads it for its client, race-free across
 * instances: of two exchanges of one code, one reads it unused, the other sees it used (and revokes what the first issued).
 */
final class CodeRepository {

  private static final String INSERT = """
    INSERT INTO oidc_codes (code_hash, grant_id, client_id, user_id, sid, redirect_uri, scope, nonce, code_challenge,
      auth_time, expires_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)""";

  // Only the client the code was issued to uses it up: another client presenting it changes nothing. The account's claims
  // for the ID token come in the same round trip, when the account is still active.
  private static final String CONSUME = """
    WITH previous AS (SELECT code_hash, used_at FROM oidc_codes WHERE code_hash = $1 AND client_id = $2 FOR UPDATE),
    used AS (
      UPDATE oidc_codes c SET used_at = coalesce(c.used_at, now()) FROM previous WHERE c.code_hash = previous.code_hash
      RETURNING c.grant_id, c.user_id, c.sid, c.redirect_uri, c.scope, c.nonce, c.code_challenge, c.auth_time,
        c.expires_at > now() AS live, previous.used_at IS NOT NULL AS reused)
    SELECT used.*, %s
    FROM used LEFT JOIN users u ON u.id = used.user_id AND u.status = 'active'""".formatted(ClaimsRepository.COLUMNS);

  private static final String DELETE_OLD = """
    DELETE FROM oidc_codes WHERE expires_at < now() - interval '1 hour'""";

  /**
   * A code as its exchange reads it.
   *
   * @param account the claims of its account; empty when the account is no longer active
   */
  record Stored(String grantId, String userId, String sid, String redirectUri, String scope, Optional<String> nonce,
                String codeChallenge, long authTime, boolean live, boolean reused,
                Optional<ClaimsRepository.AccountClaims> account) {
  }

  /** A code about to be handed out. */
  record Issued(byte[] codeHash, String grantId, String clientId, String userId, String sid, String redirectUri, String scope,
                Optional<String> nonce, String codeChallenge, long authTime, long expiresAt) {
  }

  Future<Void> insert(SqlClient client, Issued code) {
    return client.preparedQuery(INSERT).execute(Tuple.of(Buffer.buffer(code.codeHash()), UUID.fromString(code.grantId()),
        code.clientId(), UUID.fromString(code.userId()), UUID.fromString(code.sid()), code.redirectUri(), code.scope(),
        code.nonce().orElse(null))
      .addString(code.codeChallenge()).addOffsetDateTime(time(code.authTime())).addOffsetDateTime(time(code.expiresAt())))
      .mapEmpty();
  }

  /** The code issued to that client, now used, with its account's claims; empty when it has none of that value. */
  Future<Optional<Stored>> consume(SqlClient client, byte[] codeHash, String clientId) {
    return client.preparedQuery(CONSUME).execute(Tuple.of(Buffer.buffer(codeHash), clientId)).map(rows -> {
      if (rows.size() == 0) {
        return Optional.empty();
      }
      Row row = rows.iterator().next();
      return Optional.of(new Stored(row.getUUID("grant_id").toString(), row.getUUID("user_id").toString(),
        row.getUUID("sid").toString(), row.getString("redirect_uri"), row.getString("scope"),
        Optional.ofNullable(row.getString("nonce")), row.getString("code_challenge"),
        row.getOffsetDateTime("auth_time").toInstant().toEpochMilli(), row.getBoolean("live"), row.getBoolean("reused"),
        ClaimsRepository.toClaims(row)));
    });
  }

  Future<Integer> deleteOld(SqlClient client) {
    return client.preparedQuery(DELETE_OLD).execute().map(rows -> rows.rowCount());
  }
}
