package io.lanyard.model.accounts;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * The {@code account_links} table: single-use account-creation links, by the SHA-256 of their token. A pending account has at
 * most {@value #LIVE_LINKS} links that work, the newest: asking again for a link adds one and leaves the earlier ones valid;
 * activating with any of them uses them all up.
 */
public final class AccountLinkRepository {

  /** How many unused links an account keeps: a person may open any of their last few mails. */
  public static final int LIVE_LINKS = 3;

  // clock_timestamp(), not the transaction's start: the order of the links is the order they were made in
  // The new link, and the account's unused links beyond the newest LIVE_LINKS forgotten, in one statement: the DELETE does
  // not see the row its WITH inserts (one snapshot), so it keeps the newest LIVE_LINKS - 1 of the others.
  private static final String INSERT = """
    WITH inserted AS (
      INSERT INTO account_links (token_hash, user_id, created_at, expires_at)
      VALUES ($1, $2, clock_timestamp(), now() + $3::float8 * interval '1 millisecond'))
    DELETE FROM account_links WHERE user_id = $2 AND used_at IS NULL AND token_hash NOT IN (
      SELECT token_hash FROM account_links WHERE user_id = $2 AND used_at IS NULL ORDER BY created_at DESC LIMIT $4 - 1)""";
  private static final String HAS_LINK_SINCE = """
    SELECT EXISTS (SELECT 1 FROM account_links
                   WHERE user_id = $1 AND created_at > now() - $2::float8 * interval '1 millisecond')""";
  private static final String FIND_USABLE = """
    SELECT l.user_id, u.synthetic FROM account_links l JOIN users u ON u.id = l.user_id
    WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now() AND u.status = 'pending'""";
  private static final String FIND_LINKED_ACCOUNT = """
    SELECT u.id, u.language, u.from_application_id FROM account_links l JOIN users u ON u.id = l.user_id
    WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now() AND u.status = 'pending'""";
  // Uses every unused link of the account whose usable link this is. The account's row is locked first, so concurrent
  // activations of one account (with one link or several) queue there: the first uses the links, the next finds none unused
  // (its token's row among them) and gets no row of its own token.
  private static final String CONSUME_ALL = """
    WITH owner AS (
      SELECT u.id FROM account_links l JOIN users u ON u.id = l.user_id
      WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now()
      FOR UPDATE OF u)
    UPDATE account_links SET used_at = now()
    WHERE user_id IN (SELECT id FROM owner) AND used_at IS NULL
    RETURNING user_id, token_hash = $1 AS presented""";

  /** Adds a link to the account, and deletes its unused links older than the newest {@value #LIVE_LINKS}. */
  public Future<Void> insert(SqlClient client, byte[] tokenHash, String userId, Duration ttl) {
    UUID user = UUID.fromString(userId);
    return client.preparedQuery(INSERT).execute(Tuple.of(Buffer.buffer(tokenHash), user, (double) ttl.toMillis(), LIVE_LINKS))
      .mapEmpty();
  }

  /** Whether the account got a link within the last {@code period} (by the database's clock, which made them). */
  public Future<Boolean> hasLinkSince(SqlClient client, String userId, Duration period) {
    return client.preparedQuery(HAS_LINK_SINCE).execute(Tuple.of(UUID.fromString(userId), (double) period.toMillis()))
      .map(rows -> rows.iterator().next().getBoolean(0));
  }

  /** The account a link is for; {@code synthetic} when it is a load test's. */
  public record Owner(String userId, boolean synthetic) {
  }

  /** The pending account a link would activate: unused, unexpired, its account still pending. Reads only. */
  public Future<Optional<Owner>> findUsable(SqlClient client, byte[] tokenHash) {
    return client.preparedQuery(FIND_USABLE).execute(Tuple.of(Buffer.buffer(tokenHash))).map(rows -> {
      if (rows.size() == 0) {
        return Optional.empty();
      }
      Row row = rows.iterator().next();
      return Optional.of(new Owner(row.getUUID("user_id").toString(), row.getBoolean("synthetic")));
    });
  }

  /** The pending account a usable link would activate, with what a page about it shows. Reads only. */
  public Future<Optional<LinkedAccount>> findLinkedAccount(SqlClient client, byte[] tokenHash) {
    return client.preparedQuery(FIND_LINKED_ACCOUNT).execute(Tuple.of(Buffer.buffer(tokenHash)))
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(LinkedAccount.of(rows.iterator().next())));
  }

  /**
   * Marks the link used, and every other unused link of its account with it; the account id when this call was the one that
   * used the link.
   */
  public Future<Optional<String>> consume(SqlClient client, byte[] tokenHash) {
    return client.preparedQuery(CONSUME_ALL).execute(Tuple.of(Buffer.buffer(tokenHash))).map(rows -> {
      for (Row row : rows) {
        if (row.getBoolean("presented")) {
          return Optional.of(row.getUUID("user_id").toString());
        }
      }
      return Optional.empty();
    });
  }
}
