package io.lanyard.model.accounts;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/** The {@code password_resets} table: single-use password-reset links, by the SHA-256 of their token. */
public final class PasswordResetRepository {

  // A new request replaces the links not used yet: only the newest one works.
  private static final String DELETE_UNUSED = """
    DELETE FROM password_resets WHERE user_id = $1 AND used_at IS NULL""";
  private static final String INSERT = """
    INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + $3::float8 * interval '1 millisecond')""";
  private static final String FIND_USABLE = """
    SELECT r.user_id FROM password_resets r JOIN users u ON u.id = r.user_id
    WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now() AND u.status = 'active'""";
  private static final String FIND_LINKED_ACCOUNT = """
    SELECT u.id, u.language, u.from_application_id FROM password_resets r JOIN users u ON u.id = r.user_id
    WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now() AND u.status = 'active'""";
  // One statement uses the link and sets the password: of concurrent uses of one link, the first marks it used and the
  // others find no row. A link whose account stopped being active meanwhile is used up, and changes nothing.
  private static final String USE_FOR_PASSWORD = """
    WITH used AS (
      UPDATE password_resets SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id)
    UPDATE users u SET password_hash = $2, updated_at = now()
    FROM used WHERE u.id = used.user_id AND u.status = 'active'
    RETURNING u.id""";

  /** Replaces any unused link of the account by this one. */
  public Future<Void> replace(SqlClient client, String userId, byte[] tokenHash, Duration ttl) {
    UUID user = UUID.fromString(userId);
    return client.preparedQuery(DELETE_UNUSED).execute(Tuple.of(user))
      .compose(deleted -> client.preparedQuery(INSERT).execute(Tuple.of(Buffer.buffer(tokenHash), user, (double) ttl.toMillis())))
      .mapEmpty();
  }

  /** The active account a link would reset: unused, unexpired. Reads only. */
  public Future<Optional<String>> findUsable(SqlClient client, byte[] tokenHash) {
    return client.preparedQuery(FIND_USABLE).execute(Tuple.of(Buffer.buffer(tokenHash)))
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next().getUUID(0).toString()));
  }

  /** The active account a link would reset, with what a page about it shows. Reads only. */
  public Future<Optional<LinkedAccount>> findLinkedAccount(SqlClient client, byte[] tokenHash) {
    return client.preparedQuery(FIND_LINKED_ACCOUNT).execute(Tuple.of(Buffer.buffer(tokenHash)))
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(LinkedAccount.of(rows.iterator().next())));
  }

  /** Uses the link and sets the new hash; the account's id when this call did both. */
  public Future<Optional<String>> useForPassword(SqlClient client, byte[] tokenHash, String passwordHash) {
    return client.preparedQuery(USE_FOR_PASSWORD).execute(Tuple.of(Buffer.buffer(tokenHash), passwordHash))
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next().getUUID(0).toString()));
  }
}
