package io.lanyard.services.session;

import io.lanyard.platform.config.Topics;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * The {@code token_revocations} and {@code session_cutoffs} tables. Each write announces itself with NOTIFY in the same
 * statement (delivered at commit, so no instance hears of a write that rolled back), the payload carrying the entry itself:
 * listeners apply it with no query.
 */
public final class RevocationRepository {

  /** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; a longer fold is announced empty, and read by a catch-up. */
  private static final int MAX_PAYLOAD = 7900;

  private static final String REVOKE_TOKEN = """
    WITH revoked AS (
      INSERT INTO token_revocations (token_id, user_id, refused_from, expires_at, issued_at) VALUES ($1, $2, $3, $4, $7)
      ON CONFLICT (token_id) DO UPDATE
        SET refused_from = LEAST(token_revocations.refused_from, EXCLUDED.refused_from), recorded_at = clock_timestamp()
      RETURNING token_id)
    SELECT pg_notify($5, $6) FROM revoked""";

  // A row may hold only a fold (not_before null): then this cut-off's kept token is the one kept.
  private static final String CUT_SESSIONS = """
    WITH cut AS (
      INSERT INTO session_cutoffs (user_id, not_before, expires_at, kept_token_id) VALUES ($1, $2, $3, $6)
      ON CONFLICT (user_id) DO UPDATE
        SET not_before = GREATEST(session_cutoffs.not_before, EXCLUDED.not_before),
            kept_token_id = CASE WHEN session_cutoffs.not_before IS NULL OR EXCLUDED.not_before >= session_cutoffs.not_before
                                 THEN EXCLUDED.kept_token_id ELSE session_cutoffs.kept_token_id END,
            expires_at = CASE WHEN session_cutoffs.expires_at IS NULL OR EXCLUDED.expires_at IS NULL THEN NULL
                              ELSE GREATEST(session_cutoffs.expires_at, EXCLUDED.expires_at) END,
            recorded_at = clock_timestamp()
      RETURNING user_id)
    SELECT pg_notify($4, $5) FROM cut""";

  // Folds of one user are written under its lock, each later than the one before: the new one replaces the old.
  private static final String FOLD = """
    WITH folded AS (
      INSERT INTO session_cutoffs (user_id, expires_at, folded_before, spared) VALUES ($1, $2, $3, $4)
      ON CONFLICT (user_id) DO UPDATE
        SET folded_before = EXCLUDED.folded_before, spared = EXCLUDED.spared,
            expires_at = CASE WHEN session_cutoffs.expires_at IS NULL OR EXCLUDED.expires_at IS NULL THEN NULL
                              ELSE GREATEST(session_cutoffs.expires_at, EXCLUDED.expires_at) END,
            recorded_at = clock_timestamp()
      RETURNING user_id)
    SELECT pg_notify($5, $6) FROM folded""";

  // issued_at is null in rows of older versions; refused_from is then a safe upper bound of it
  private static final String HELD_BY_USER = """
    SELECT count(*) AS held, max(COALESCE(issued_at, refused_from)) AS newest FROM token_revocations WHERE user_id = $1""";
  private static final String GRACED_BEFORE = """
    SELECT token_id, refused_from FROM token_revocations
    WHERE user_id = $1 AND refused_from > $2 AND COALESCE(issued_at, refused_from) < $3""";
  private static final String DELETE_ISSUED_BEFORE = """
    DELETE FROM token_revocations
    WHERE user_id = $1 AND COALESCE(issued_at, refused_from) < $2 AND token_id IS DISTINCT FROM $3""";

  // A minute of margin on expiry: the database's clock and the instances' may differ a little.
  private static final String LIVE_TOKENS_PAGE = """
    SELECT token_id, user_id, refused_from, expires_at, issued_at FROM token_revocations
    WHERE (expires_at IS NULL OR expires_at > now() - interval '1 minute') AND token_id > $1
    ORDER BY token_id LIMIT $2""";
  private static final String LIVE_CUTOFFS_PAGE = """
    SELECT user_id, not_before, expires_at, kept_token_id, folded_before, spared FROM session_cutoffs
    WHERE (expires_at IS NULL OR expires_at > now() - interval '1 minute') AND user_id > $1
    ORDER BY user_id LIMIT $2""";

  private static final String TOKENS_NUMBERED_AFTER = """
    SELECT token_id, user_id, refused_from, expires_at, issued_at FROM token_revocations WHERE seq > $1""";
  private static final String CUTOFFS_NUMBERED_AFTER = """
    SELECT user_id, not_before, expires_at, kept_token_id, folded_before, spared FROM session_cutoffs WHERE seq > $1""";
  // The last number taken (0 before the first); not transactional: numbers of transactions still running are below it too.
  private static final String MARK = """
    SELECT now() AS now, CASE WHEN is_called THEN last_value ELSE 0 END AS mark FROM revocation_seq""";
  // Just below the oldest number written within the margin: where a reader that has seen nothing yet may safely start over.
  private static final String FLOOR = """
    SELECT LEAST(
      (SELECT min(seq) - 1 FROM token_revocations WHERE recorded_at > now() - $1 * interval '1 millisecond'),
      (SELECT min(seq) - 1 FROM session_cutoffs WHERE recorded_at > now() - $1 * interval '1 millisecond')) AS floor""";
  // What refuses one token, straight from the tables: for an instance not sure its memory is current.
  private static final String REFUSING = """
    SELECT t.token_id, t.user_id AS t_user_id, t.refused_from, t.expires_at AS t_expires_at, t.issued_at,
           c.user_id, c.not_before, c.expires_at, c.kept_token_id, c.folded_before, c.spared
    FROM (SELECT 1) AS one
    LEFT JOIN token_revocations t ON t.token_id = $1
    LEFT JOIN session_cutoffs c ON c.user_id = $2""";

  private static final String DELETE_EXPIRED_TOKENS = """
    DELETE FROM token_revocations WHERE expires_at < now() - interval '1 minute'""";
  private static final String DELETE_EXPIRED_CUTOFFS = """
    DELETE FROM session_cutoffs WHERE expires_at < now() - interval '1 minute'""";

  // Read by the trigger that cuts off a deleted user's sessions (V17.1), which cannot know the configuration.
  private static final String RECORD_MAX_TTL = """
    INSERT INTO settings (name, value) VALUES ('jwt.max_ttl_ms', $1) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value""";

  static final UUID FIRST_USER_ID = new UUID(0, 0);
  static final String FIRST_TOKEN_ID = "";

  /** A user's revocation rows: how many, and the latest issue instant among them (-1 when none). */
  record Held(long count, long newestIssuedAt) {
  }

  /** The last number of {@code revocation_seq} taken by {@code at} (the database's clock, epoch ms). */
  record Mark(long at, long number) {
  }

  /** One row of {@code session_cutoffs}: either part may be absent. */
  record StoredCutoff(String userId, Optional<SessionCutoff> cutoff, Optional<SessionFold> fold) {
  }

  public Future<Void> revoke(SqlClient client, TokenRevocation revocation) {
    return client.preparedQuery(REVOKE_TOKEN).execute(Tuple.of(revocation.tokenId(), UUID.fromString(revocation.userId()),
        time(revocation.refusedFrom()), time(revocation.expiresAt()), Topics.TOKENS_REVOKED, revocation.toJson().encode())
        .addValue(time(revocation.issuedAt())))
      .mapEmpty();
  }

  public Future<Void> cut(SqlClient client, SessionCutoff cutoff) {
    return client.preparedQuery(CUT_SESSIONS).execute(Tuple.of(UUID.fromString(cutoff.userId()), time(cutoff.notBefore()),
        time(cutoff.expiresAt()), Topics.SESSIONS_CUT, cutoff.toJson().encode(), cutoff.keptTokenId().orElse(null)))
      .mapEmpty();
  }

  Future<Void> fold(SqlClient client, SessionFold fold) {
    String payload = fold.toJson().encode();
    return client.preparedQuery(FOLD).execute(Tuple.of(UUID.fromString(fold.userId()), time(fold.expiresAt()),
        time(fold.foldedBefore()), fold.sparedJson(), Topics.SESSIONS_FOLDED, payload.length() > MAX_PAYLOAD ? "" : payload))
      .mapEmpty();
  }

  Future<Held> heldBy(SqlClient client, String userId) {
    return client.preparedQuery(HELD_BY_USER).execute(Tuple.of(UUID.fromString(userId))).map(rows -> {
      Row row = rows.iterator().next();
      return new Held(row.getLong("held"), millis(row.getOffsetDateTime("newest")));
    });
  }

  /** The user's tokens issued before {@code before} whose refresh grace has not run out at {@code now}, with its end. */
  Future<Map<String, Long>> gracedBefore(SqlClient client, String userId, long before, long now) {
    return client.preparedQuery(GRACED_BEFORE).execute(Tuple.of(UUID.fromString(userId), time(now), time(before))).map(rows -> {
      Map<String, Long> graced = new HashMap<>();
      rows.forEach(row -> graced.put(row.getString("token_id"), millis(row.getOffsetDateTime("refused_from"))));
      return graced;
    });
  }

  /** Deletes the user's revocations of tokens issued before {@code before} (but {@code keptTokenId}'s): a cut-off or fold covers them. */
  Future<Integer> deleteIssuedBefore(SqlClient client, String userId, long before, Optional<String> keptTokenId) {
    return client.preparedQuery(DELETE_ISSUED_BEFORE)
      .execute(Tuple.of(UUID.fromString(userId), time(before), keptTokenId.orElse(null)))
      .map(RowSet::rowCount);
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

  Future<List<StoredCutoff>> liveCutoffs(SqlClient client, UUID afterUserId, int limit) {
    return client.preparedQuery(LIVE_CUTOFFS_PAGE).execute(Tuple.of(afterUserId, limit))
      .map(rows -> map(rows, RevocationRepository::toCutoff));
  }

  /** Revocations written (or tightened) with a number after {@code after}. */
  Future<List<TokenRevocation>> tokensNumberedAfter(SqlClient client, long after) {
    return client.preparedQuery(TOKENS_NUMBERED_AFTER).execute(Tuple.of(after))
      .map(rows -> map(rows, RevocationRepository::toRevocation));
  }

  Future<List<StoredCutoff>> cutoffsNumberedAfter(SqlClient client, long after) {
    return client.preparedQuery(CUTOFFS_NUMBERED_AFTER).execute(Tuple.of(after))
      .map(rows -> map(rows, RevocationRepository::toCutoff));
  }

  /** The last number of {@code revocation_seq} taken, with the database's clock (catch-up margins never depend on ours). */
  Future<Mark> mark(SqlClient client) {
    return client.preparedQuery(MARK).execute().map(rows -> {
      Row row = rows.iterator().next();
      return new Mark(millis(row.getOffsetDateTime("now")), row.getLong("mark"));
    });
  }

  /** Just below the oldest number written in the last {@code marginMillis}, or {@code mark} when none was. */
  Future<Long> floor(SqlClient client, long marginMillis, long mark) {
    return client.preparedQuery(FLOOR).execute(Tuple.of(marginMillis)).map(rows -> {
      Long floor = rows.iterator().next().getLong("floor");
      return floor == null ? mark : Math.min(floor, mark);
    });
  }

  /** The rows that may refuse this token of this user, read now: its revocation and its user's cut-off and fold. */
  Future<UserRevocations> refusing(SqlClient client, String tokenId, String userId) {
    return client.preparedQuery(REFUSING).execute(Tuple.of(tokenId, UUID.fromString(userId))).map(rows -> {
      Row row = rows.iterator().next();
      UserRevocations user = new UserRevocations();
      if (row.getString("token_id") != null) {
        OffsetDateTime issuedAt = row.getOffsetDateTime("issued_at");
        long refusedFrom = millis(row.getOffsetDateTime("refused_from"));
        user.add(new TokenRevocation(row.getString("token_id"), row.getUUID("t_user_id").toString(), refusedFrom,
          millis(row.getOffsetDateTime("t_expires_at")), issuedAt == null ? refusedFrom : millis(issuedAt)));
      }
      if (row.getUUID("user_id") != null) {
        StoredCutoff stored = toCutoff(row);
        stored.cutoff().ifPresent(user::add);
        stored.fold().ifPresent(user::add);
      }
      return user;
    });
  }

  /** @return how many rows went */
  public Future<Integer> deleteExpired(SqlClient client) {
    return client.preparedQuery(DELETE_EXPIRED_TOKENS).execute()
      .compose(tokens -> client.preparedQuery(DELETE_EXPIRED_CUTOFFS).execute()
        .map(cutoffs -> tokens.rowCount() + cutoffs.rowCount()));
  }

  private static TokenRevocation toRevocation(Row row) {
    long refusedFrom = millis(row.getOffsetDateTime("refused_from"));
    OffsetDateTime issuedAt = row.getOffsetDateTime("issued_at");
    return new TokenRevocation(row.getString("token_id"), row.getUUID("user_id").toString(), refusedFrom,
      millis(row.getOffsetDateTime("expires_at")), issuedAt == null ? refusedFrom : millis(issuedAt));
  }

  private static StoredCutoff toCutoff(Row row) {
    String userId = row.getUUID("user_id").toString();
    long expiresAt = millis(row.getOffsetDateTime("expires_at"));
    OffsetDateTime notBefore = row.getOffsetDateTime("not_before");
    OffsetDateTime foldedBefore = row.getOffsetDateTime("folded_before");
    Object spared = row.getValue("spared");
    return new StoredCutoff(userId,
      Optional.ofNullable(notBefore).map(instant -> new SessionCutoff(userId, millis(instant), expiresAt,
        Optional.ofNullable(row.getString("kept_token_id")))),
      Optional.ofNullable(foldedBefore).map(instant -> new SessionFold(userId, millis(instant), expiresAt,
        SessionFold.spared(spared instanceof JsonObject json ? json : null))));
  }

  private static <T> List<T> map(RowSet<Row> rows, Function<Row, T> mapper) {
    List<T> entries = new ArrayList<>(rows.size());
    rows.forEach(row -> entries.add(mapper.apply(row)));
    return entries;
  }

  /** -1 (never, or unknown) is stored as null. */
  static OffsetDateTime time(long epochMillis) {
    return epochMillis == -1 ? null : Instant.ofEpochMilli(epochMillis).atOffset(ZoneOffset.UTC);
  }

  static long millis(OffsetDateTime time) {
    return time == null ? -1 : time.toInstant().toEpochMilli();
  }
}
