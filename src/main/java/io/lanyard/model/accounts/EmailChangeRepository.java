package io.lanyard.model.accounts;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/** The {@code email_changes} table: single-use links confirming a new address, by the SHA-256 of their token. */
public final class EmailChangeRepository {

  /** A used link: whose address changes, and to what. */
  public record Change(String userId, String newEmail) {
  }

  /** A link not used yet: the account it is for, and the address it would confirm. */
  public record Pending(LinkedAccount account, String newEmail) {
  }

  // A new request replaces the links not used yet: only the newest address asked for can be confirmed.
  private static final String DELETE_UNUSED = """
    DELETE FROM email_changes WHERE user_id = $1 AND used_at IS NULL""";
  private static final String INSERT = """
    INSERT INTO email_changes (token_hash, user_id, new_email, expires_at)
    VALUES ($1, $2, $3, now() + $4::float8 * interval '1 millisecond')""";
  // Only the link of an active account is used: of concurrent confirmations, the first marks it used, the others get no row.
  private static final String USE = """
    UPDATE email_changes e SET used_at = now()
    FROM users u
    WHERE e.token_hash = $1 AND e.used_at IS NULL AND e.expires_at > now() AND u.id = e.user_id AND u.status = 'active'
    RETURNING e.user_id, e.new_email""";

  private static final String FIND_PENDING = """
    SELECT u.id, u.language, u.from_application_id, e.new_email FROM email_changes e JOIN users u ON u.id = e.user_id
    WHERE e.token_hash = $1 AND e.used_at IS NULL AND e.expires_at > now() AND u.status = 'active'""";

  public Future<Void> replace(SqlClient client, String userId, String newEmail, byte[] tokenHash, Duration ttl) {
    UUID user = UUID.fromString(userId);
    return client.preparedQuery(DELETE_UNUSED).execute(Tuple.of(user))
      .compose(deleted -> client.preparedQuery(INSERT)
        .execute(Tuple.of(Buffer.buffer(tokenHash), user, newEmail, (double) ttl.toMillis())))
      .mapEmpty();
  }

  /** The change a usable link would confirm, with what a page about it shows. Reads only. */
  public Future<Optional<Pending>> findPending(SqlClient client, byte[] tokenHash) {
    return client.preparedQuery(FIND_PENDING).execute(Tuple.of(Buffer.buffer(tokenHash))).map(rows -> {
      if (rows.size() == 0) {
        return Optional.empty();
      }
      Row row = rows.iterator().next();
      return Optional.of(new Pending(LinkedAccount.of(row), row.getString("new_email")));
    });
  }

  /** Marks the link used; the change when this call was the one that used it. */
  public Future<Optional<Change>> use(SqlClient client, byte[] tokenHash) {
    return client.preparedQuery(USE).execute(Tuple.of(Buffer.buffer(tokenHash))).map(rows -> {
      if (rows.size() == 0) {
        return Optional.empty();
      }
      Row row = rows.iterator().next();
      return Optional.of(new Change(row.getUUID("user_id").toString(), row.getString("new_email")));
    });
  }
}
