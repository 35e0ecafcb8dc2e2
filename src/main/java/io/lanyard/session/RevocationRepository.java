package io.lanyard.session;

import io.lanyard.config.Topics;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * The {@code token_revocations} and {@code session_cutoffs} tables. Each write announces itself with NOTIFY in the same
 * statement (delivered at commit, so no instance hears of a write that rolled back), the payload carrying the entry itself:
 * listeners apply it with no query.
 */
public final class RevocationRepository {

  private static final String REVOKE_TOKEN = """
    WITH revoked AS (
      INSERT INTO token_revocations (token_id, user_id, refused_from, expires_at) VALUES ($1, $2, $3, $4)
      ON CONFLICT (token_id) DO UPDATE
        SET refused_from = LEAST(token_revocations.refused_from, EXCLUDED.refused_from), recorded_at = clock_timestamp()
      RETURNING token_id)
    SELECT pg_notify($5, $6) FROM revoked""";

  private static final String CUT_SESSIONS = """
    WITH cut AS (
      INSERT INTO session_cutoffs (user_id, not_before, expires_at, kept_token_id) VALUES ($1, $2, $3, $6)
      ON CONFLICT (user_id) DO UPDATE
        SET not_before = GREATEST(session_cutoffs.not_before, EXCLUDED.not_before),
            kept_token_id = CASE WHEN EXCLUDED.not_before >= session_cutoffs.not_before THEN EXCLUDED.kept_token_id
                                 ELSE session_cutoffs.kept_token_id END,
            expires_at = CASE WHEN session_cutoffs.expires_at IS NULL OR EXCLUDED.expires_at IS NULL THEN NULL
                              ELSE GREATEST(session_cutoffs.expires_at, EXCLUDED.expires_at) END,
            recorded_at = clock_timestamp()
      RETURNING user_id)
    SELECT pg_notify($4, $5) FROM cut""";

  // A minute of margin on expiry: the database's clock and the instances' may differ a little.
  private static final String LIVE_TOKENS_PAGE = """
    SELECT token_id, user_id, refused_from, expires_at FROM token_revocations
    WHERE (expires_at IS NULL OR expires_at > now() - interval '1 minute') AND token_id > $1
    ORDER BY token_id LIMIT $2""";
  private static final String LIVE_CUTOFFS_PAGE = """
    SELECT user_id, not_before, expires_at, kept_token_id FROM session_cutoffs
    WHERE (expires_at IS NULL OR expires_at > now() - interval '1 minute') AND user_id > $1
    ORDER BY user_id LIMIT $2""";

  private static final String TOKENS_RECORDED_SINCE = """
    SELECT token_id, user_id, refused_from, expires_at FROM token_revocations WHERE recorded_at >= $1""";
  private static final String CUTOFFS_RECORDED_SINCE = """
    SELECT user_id, not_before, expires_at, kept_token_id FROM session_cutoffs WHERE recorded_at >= $1""";
  private static final String DATABASE_NOW = """
    SELECT now() AS now""";

  private static final String DELETE_EXPIRED_TOKENS = """
    DELETE FROM token_revocations WHERE expires_at < now() - interval '1 minute'""";
  private static final String DELETE_EXPIRED_CUTOFFS = """
    DELETE FROM session_cutoffs WHERE expires_at < now() - interval '1 minute'""";

  // Read by the trigger that cuts off a deleted user's sessions (V17.1), which cannot know the configuration.
  private static final String RECORD_MAX_TTL = """
    INSERT INTO settings (name, value) VALUES ('jwt.max_ttl_ms', $1) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value""";

  static final UUID FIRST_USER_ID = new UUID(0, 0);
  static final String FIRST_TOKEN_ID = "";

  public Future<Void> revoke(SqlClient client, TokenRevocation revocation) {
    return client.preparedQuery(REVOKE_TOKEN).execute(Tuple.of(revocation.tokenId(), UUID.fromString(revocation.userId()),
        time(revocation.refusedFrom()), time(revocation.expiresAt()), Topics.TOKENS_REVOKED, revocation.toJson().encode()))
      .mapEmpty();
  }

  public Future<Void> cut(SqlClient client, SessionCutoff cutoff) {
    return client.preparedQuery(CUT_SESSIONS).execute(Tuple.of(UUID.fromString(cutoff.userId()), time(cutoff.notBefore()),
        time(cutoff.expiresAt()), Topics.SESSIONS_CUT, cutoff.toJson().encode(), cutoff.keptTokenId().orElse(null)))
      .mapEmpty();
  }

  /** Records the longest token lifetime (-1: none), so a deleted user's cut-off is kept as long as its tokens could live. */
  Future<Void> recordMaxTtl(SqlClient client, long maxTtlMillis) {
    return client.preparedQuery(RECORD_MAX_TTL).execute(Tuple.of(Long.toString(maxTtlMillis))).mapEmpty();
  }

  /** Revocations of tokens not yet expired, in token id order, after {@code afterTokenId}: one page of a full load. */
  Future<List<TokenRevocation>> liveTokens(SqlClient client, String afterTokenId, int limit) {
    return client.preparedQuery(LIVE_TOKENS_PAGE).execute(Tuple.of(afterTokenId, limit))
      .map(rows -> map(rows, RevocationRepository::toRevocation));
  }

  Future<List<SessionCutoff>> liveCutoffs(SqlClient client, UUID afterUserId, int limit) {
    return client.preparedQuery(LIVE_CUTOFFS_PAGE).execute(Tuple.of(afterUserId, limit))
      .map(rows -> map(rows, RevocationRepository::toCutoff));
  }

  Future<List<TokenRevocation>> tokensRecordedSince(SqlClient client, OffsetDateTime since) {
    return client.preparedQuery(TOKENS_RECORDED_SINCE).execute(Tuple.of(since))
      .map(rows -> map(rows, RevocationRepository::toRevocation));
  }

  Future<List<SessionCutoff>> cutoffsRecordedSince(SqlClient client, OffsetDateTime since) {
    return client.preparedQuery(CUTOFFS_RECORDED_SINCE).execute(Tuple.of(since))
      .map(rows -> map(rows, RevocationRepository::toCutoff));
  }

  /** The database's clock: what {@code recorded_at} is written with, so catch-up windows never depend on ours. */
  Future<OffsetDateTime> now(SqlClient client) {
    return client.preparedQuery(DATABASE_NOW).execute().map(rows -> rows.iterator().next().getOffsetDateTime("now"));
  }

  /** @return how many rows went */
  public Future<Integer> deleteExpired(SqlClient client) {
    return client.preparedQuery(DELETE_EXPIRED_TOKENS).execute()
      .compose(tokens -> client.preparedQuery(DELETE_EXPIRED_CUTOFFS).execute()
        .map(cutoffs -> tokens.rowCount() + cutoffs.rowCount()));
  }

  private static TokenRevocation toRevocation(Row row) {
    return new TokenRevocation(row.getString("token_id"), row.getUUID("user_id").toString(),
      millis(row.getOffsetDateTime("refused_from")), millis(row.getOffsetDateTime("expires_at")));
  }

  private static SessionCutoff toCutoff(Row row) {
    return new SessionCutoff(row.getUUID("user_id").toString(), millis(row.getOffsetDateTime("not_before")),
      millis(row.getOffsetDateTime("expires_at")), Optional.ofNullable(row.getString("kept_token_id")));
  }

  private static <T> List<T> map(RowSet<Row> rows, Function<Row, T> mapper) {
    List<T> entries = new ArrayList<>(rows.size());
    rows.forEach(row -> entries.add(mapper.apply(row)));
    return entries;
  }

  /** -1 (never) is stored as null. */
  private static OffsetDateTime time(long epochMillis) {
    return epochMillis == -1 ? null : Instant.ofEpochMilli(epochMillis).atOffset(ZoneOffset.UTC);
  }

  private static long millis(OffsetDateTime time) {
    return time == null ? -1 : time.toInstant().toEpochMilli();
  }
}
