package io.lanyard.model.accounts;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Synthetic accounts of load tests, in bulk: seeded a batch per statement ({@code users seed --synthetic}) and purged with
 * everything attached to them ({@code users purge --synthetic}). Only rows marked {@code synthetic} are ever purged.
 */
public final class SyntheticAccountRepository {

  private static final String INSERT_ACTIVE = """
    INSERT INTO users (email, password_hash, status, language, synthetic)
    SELECT email, $2, 'active', $3, true FROM unnest($1::text[]) AS email
    ON CONFLICT ON CONSTRAINT users_email_key DO NOTHING
    RETURNING email""";

  // The accounts and their links in one statement; an address already taken gets neither, and its token is not returned.
  private static final String INSERT_PENDING = """
    WITH input AS (SELECT * FROM unnest($1::text[], $2::bytea[]) AS t(email, token_hash)),
    created AS (
      INSERT INTO users (email, status, language, synthetic)
      SELECT email, 'pending', $3, true FROM input
      ON CONFLICT ON CONSTRAINT users_email_key DO NOTHING
      RETURNING id, email)
    INSERT INTO account_links (token_hash, user_id, expires_at)
    SELECT input.token_hash, created.id, now() + $4::float8 * interval '1 millisecond' FROM created JOIN input USING (email)
    RETURNING token_hash""";

  private static final String CUTOFF = """
    SELECT now() - COALESCE($1::float8, 0) * interval '1 millisecond'""";

  // SKIP LOCKED: an account a request is writing right now is left for the next purge rather than waited for. Every row
  // attached to the batch goes in the same statement, so a purge stopped half-way leaves nothing orphaned.
  private static final String PURGE_BATCH = """
    WITH doomed AS (
      SELECT id FROM users WHERE synthetic AND created_at < $1 ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED),
    mails AS (DELETE FROM mail_outbox WHERE user_id IN (SELECT id FROM doomed) RETURNING 1),
    links AS (DELETE FROM account_links WHERE user_id IN (SELECT id FROM doomed) RETURNING 1),
    resets AS (DELETE FROM password_resets WHERE user_id IN (SELECT id FROM doomed) RETURNING 1),
    changes AS (DELETE FROM email_changes WHERE user_id IN (SELECT id FROM doomed) RETURNING 1),
    revocations AS (DELETE FROM token_revocations WHERE user_id IN (SELECT id FROM doomed) RETURNING 1),
    cutoffs AS (DELETE FROM session_cutoffs WHERE user_id IN (SELECT id FROM doomed) RETURNING 1),
    accounts AS (DELETE FROM users WHERE id IN (SELECT id FROM doomed) RETURNING 1)
    SELECT (SELECT count(*) FROM accounts) AS accounts,
      (SELECT count(*) FROM links) + (SELECT count(*) FROM resets) + (SELECT count(*) FROM changes) AS links,
      (SELECT count(*) FROM mails) AS mails,
      (SELECT count(*) FROM revocations) + (SELECT count(*) FROM cutoffs) AS sessions""";

  // Mail kept for a synthetic address whose account is already gone (erased another way): synthetic by its reason alone.
  private static final String PURGE_ORPHAN_MAIL = """
    DELETE FROM mail_outbox WHERE user_id IS NULL AND status = 'suppressed' AND suppressed_reason = 'synthetic'
      AND created_at < $1""";

  /** What one purge statement, or a whole purge, removed. */
  public record Purged(long accounts, long links, long mails, long sessions) {

    public static final Purged NOTHING = new Purged(0, 0, 0, 0);

    public Purged plus(Purged other) {
      return new Purged(accounts + other.accounts, links + other.links, mails + other.mails, sessions + other.sessions);
    }
  }

  /** @return those of {@code emails} that became active accounts (the others were taken) */
  public Future<Set<String>> insertActive(SqlClient client, List<String> emails, String passwordHash, String language) {
    return client.preparedQuery(INSERT_ACTIVE).execute(Tuple.of(emails.toArray(String[]::new), passwordHash, language))
      .map(rows -> {
        Set<String> written = new HashSet<>();
        rows.forEach(row -> written.add(row.getString("email")));
        return written;
      });
  }

  /**
   * @param tokenHashes the SHA-256 of each account's link token, in the order of {@code emails}
   * @return the hashes whose account and link were written (an address already taken has neither)
   */
  public Future<Set<Buffer>> insertPending(SqlClient client, List<String> emails, List<byte[]> tokenHashes, String language,
                                           Duration linkTtl) {
    Buffer[] hashes = tokenHashes.stream().map(Buffer::buffer).toArray(Buffer[]::new);
    return client.preparedQuery(INSERT_PENDING)
      .execute(Tuple.of(emails.toArray(String[]::new), hashes, language, (double) linkTtl.toMillis()))
      .map(rows -> {
        Set<Buffer> written = new HashSet<>();
        rows.forEach(row -> written.add(row.getBuffer("token_hash")));
        return written;
      });
  }

  /** The instant a purge erases accounts created before: now, or {@code olderThan} before now (the database's clock). */
  public Future<OffsetDateTime> cutoff(SqlClient client, Optional<Duration> olderThan) {
    Double millis = olderThan.map(age -> (double) age.toMillis()).orElse(null);
    return client.preparedQuery(CUTOFF).execute(Tuple.of(millis)).map(rows -> rows.iterator().next().getOffsetDateTime(0));
  }

  /** Erases up to {@code limit} synthetic accounts created before {@code cutoff}, and everything attached to them. */
  public Future<Purged> purgeBatch(SqlClient client, OffsetDateTime cutoff, int limit) {
    return client.preparedQuery(PURGE_BATCH).execute(Tuple.of(cutoff, limit)).map(rows -> {
      Row row = rows.iterator().next();
      return new Purged(row.getLong("accounts"), row.getLong("links"), row.getLong("mails"), row.getLong("sessions"));
    });
  }

  /** Erases the mail kept for synthetic addresses whose account no longer exists. */
  public Future<Purged> purgeOrphanMail(SqlClient client, OffsetDateTime cutoff) {
    return client.preparedQuery(PURGE_ORPHAN_MAIL).execute(Tuple.of(cutoff))
      .map(rows -> new Purged(0, 0, rows.rowCount(), 0));
  }
}
