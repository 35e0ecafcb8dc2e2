package io.lanyard.accounts;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/** The {@code account_links} table: single-use account-creation links, by the SHA-256 of their token. */
public final class AccountLinkRepository {

  private static final String INSERT = """
    INSERT INTO account_links (token_hash, user_id, expires_at) VALUES ($1, $2, now() + $3::float8 * interval '1 millisecond')""";
  // A fresh link replaces the old ones: only the newest link of an account works.
  private static final String DELETE_UNUSED = """
    DELETE FROM account_links WHERE user_id = $1 AND used_at IS NULL""";
  private static final String HAS_LINK_SINCE = """
    SELECT EXISTS (SELECT 1 FROM account_links
                   WHERE user_id = $1 AND created_at > now() - $2::float8 * interval '1 millisecond')""";
  private static final String FIND_USABLE = """
    SELECT l.user_id, u.synthetic FROM account_links l JOIN users u ON u.id = l.user_id
    WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now() AND u.status = 'pending'""";
  private static final String FIND_LINKED_ACCOUNT = """
    SELECT u.id, u.language, u.from_application_id FROM account_links l JOIN users u ON u.id = l.user_id
    WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now() AND u.status = 'pending'""";
  // One statement decides between concurrent activations of one link: the first marks it used, the others get no row.
  private static final String CONSUME = """
    UPDATE account_links SET used_at = now()
    WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
    RETURNING user_id""";

  public Future<Void> insert(SqlClient client, byte[] tokenHash, String userId, Duration ttl) {
    return client.preparedQuery(INSERT).execute(Tuple.of(Buffer.buffer(tokenHash), UUID.fromString(userId), (double) ttl.toMillis()))
      .mapEmpty();
  }

  public Future<Void> deleteUnused(SqlClient client, String userId) {
    return client.preparedQuery(DELETE_UNUSED).execute(Tuple.of(UUID.fromString(userId))).mapEmpty();
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

  /** Marks the link used; the account id when this call was the one that used it. */
  public Future<Optional<String>> consume(SqlClient client, byte[] tokenHash) {
    return client.preparedQuery(CONSUME).execute(Tuple.of(Buffer.buffer(tokenHash)))
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next().getUUID(0).toString()));
  }
}
