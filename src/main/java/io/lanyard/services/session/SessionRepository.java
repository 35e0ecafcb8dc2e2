package io.lanyard.services.session;

import io.lanyard.model.accounts.UserStatus;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static io.lanyard.services.session.RevocationRepository.millis;
import static io.lanyard.services.session.RevocationRepository.time;

/**
 * The {@code user_sessions} table: the live tokens of each user, by id and instants (never the token itself), and the lock
 * that puts every change to one user's sessions in one order across instances.
 */
final class SessionRepository {

  // The user's row, locked as an update of it would: logins, refreshes, logouts and cut-offs of one user run one after the
  // other on every instance, and a disable (an update of the row) waits for a login in flight, or the login sees it.
  // Then it is read by a statement of its own (V20.1): one that waited on the lock sees what the holder committed.
  private static final String LOCK_USER = """
    SELECT status, not_before, folded_before, newest_session, session_rows FROM lock_user_for_sessions($1)""";

  private static final String INSERT = """
    INSERT INTO user_sessions (token_id, user_id, issued_at, expires_at) VALUES ($1, $2, $3, $4)""";

  private static final String END = """
    DELETE FROM user_sessions WHERE token_id = $1 AND user_id = $2 RETURNING token_id""";

  // The newest `cap` stay; expired ones go without a revocation (an expired token is refused as such).
  private static final String END_BEYOND_CAP = """
    WITH expired AS (DELETE FROM user_sessions WHERE user_id = $1 AND expires_at <= $2)
    DELETE FROM user_sessions WHERE token_id IN (
      SELECT token_id FROM user_sessions WHERE user_id = $1 AND (expires_at IS NULL OR expires_at > $2)
      ORDER BY issued_at DESC, token_id DESC OFFSET $3)
    RETURNING token_id, issued_at, expires_at""";

  private static final String END_ALL_BUT = """
    DELETE FROM user_sessions WHERE user_id = $1 AND token_id IS DISTINCT FROM $2 RETURNING issued_at""";

  private static final String LIVE_BEFORE = """
    SELECT token_id FROM user_sessions WHERE user_id = $1 AND issued_at < $2 AND (expires_at IS NULL OR expires_at > $3)""";

  private static final String DELETE_EXPIRED = """
    DELETE FROM user_sessions WHERE expires_at < now() - interval '1 minute'""";

  /**
   * A user's row, locked until the transaction ends.
   *
   * @param cutAt the user's cut-off instant, or -1
   * @param foldedBefore the instant of the user's fold, or -1
   * @param newestSession the issue instant of the user's newest live token, or -1
   * @param sessionRows the user's rows in {@code user_sessions}, live or expired (V20.2)
   */
  record LockedUser(UserStatus status, long cutAt, long foldedBefore, long newestSession, long sessionRows) {
  }

  /** A live token, as the session cap ends it. */
  record Session(String tokenId, long issuedAt, long expiresAt) {
  }

  /** @return empty when the user has no row */
  Future<Optional<LockedUser>> lock(SqlClient tx, String userId) {
    return tx.preparedQuery(LOCK_USER).execute(Tuple.of(UUID.fromString(userId))).map(rows -> {
      if (rows.size() == 0) {
        return Optional.empty();
      }
      Row row = rows.iterator().next();
      return Optional.of(new LockedUser(UserStatus.fromWire(row.getString("status")), millis(row.getOffsetDateTime("not_before")),
        millis(row.getOffsetDateTime("folded_before")), millis(row.getOffsetDateTime("newest_session")),
        row.getLong("session_rows")));
    });
  }

  Future<Void> insert(SqlClient tx, String userId, NewSession session) {
    return tx.preparedQuery(INSERT).execute(Tuple.of(session.tokenId(), UUID.fromString(userId), time(session.issuedAt()),
      time(session.expiresAt()))).mapEmpty();
  }

  /** @return whether the token was live (and now is not) */
  Future<Boolean> end(SqlClient tx, String userId, String tokenId) {
    return tx.preparedQuery(END).execute(Tuple.of(tokenId, UUID.fromString(userId))).map(rows -> rows.rowCount() == 1);
  }

  /** Ends the user's oldest live tokens beyond the newest {@code cap}, and forgets its expired ones. */
  Future<List<Session>> endBeyondCap(SqlClient tx, String userId, int cap, long now) {
    return tx.preparedQuery(END_BEYOND_CAP).execute(Tuple.of(UUID.fromString(userId), time(now), cap)).map(rows -> {
      List<Session> ended = new ArrayList<>(rows.size());
      rows.forEach(row -> ended.add(new Session(row.getString("token_id"), millis(row.getOffsetDateTime("issued_at")),
        millis(row.getOffsetDateTime("expires_at")))));
      return ended;
    });
  }

  /** Ends every live token of the user but {@code keptTokenId}'s; @return the latest issue instant among them, or -1. */
  Future<Long> endAllBut(SqlClient tx, String userId, Optional<String> keptTokenId) {
    return tx.preparedQuery(END_ALL_BUT).execute(Tuple.of(UUID.fromString(userId), keptTokenId.orElse(null))).map(rows -> {
      long newest = -1;
      for (Row row : rows) {
        newest = Math.max(newest, millis(row.getOffsetDateTime("issued_at")));
      }
      return newest;
    });
  }

  /** The user's tokens issued before {@code before} that are still live at {@code now}. */
  Future<List<String>> liveBefore(SqlClient tx, String userId, long before, long now) {
    return tx.preparedQuery(LIVE_BEFORE).execute(Tuple.of(UUID.fromString(userId), time(before), time(now))).map(rows -> {
      List<String> live = new ArrayList<>(rows.size());
      rows.forEach(row -> live.add(row.getString("token_id")));
      return live;
    });
  }

  /** @return how many rows went */
  Future<Integer> deleteExpired(SqlClient client) {
    return client.preparedQuery(DELETE_EXPIRED).execute().map(RowSet::rowCount);
  }
}
