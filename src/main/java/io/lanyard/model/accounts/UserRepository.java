package io.lanyard.model.accounts;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.Optional;
import java.util.UUID;

/**
 * The {@code users} table's account lifecycle: credentials, creation, activation, disabling. Reads of a whole account and
 * profile writes are in {@link AccountRepository}. Every method takes the client to run on, so callers choose the transaction.
 */
public final class UserRepository {

  private static final String FIND_CREDENTIALS = """
    SELECT id, email, password_hash, status FROM users WHERE email = $1""";
  private static final String FIND_CREDENTIALS_BY_ID = """
    SELECT id, email, password_hash, status FROM users WHERE id = $1""";

  // Only an active account's password is changed: a disabled or erased one stays as it is.
  private static final String SET_PASSWORD_HASH = """
    UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 AND status = 'active'""";

  // The unique constraint decides between two accounts moving to one address: the later one gets a 23505. Only a mailed
  // link changes an address, so the new one is proven (the ID token's email_verified).
  private static final String CHANGE_EMAIL = """
    UPDATE users SET email = $2, email_verified_at = now(), updated_at = now() WHERE id = $1 AND status = 'active'""";

  // Compare-and-set on the old hash: a password changed meanwhile is never overwritten by an upgrade of the old one.
  private static final String UPGRADE_PASSWORD_HASH = """
    UPDATE users SET password_hash = $3, updated_at = now() WHERE id = $1 AND password_hash = $2""";

  // The unique constraint decides between concurrent creates of one address: one row, the others get nothing back.
  private static final String INSERT_IF_ABSENT = """
    INSERT INTO users (email, password_hash, status, language, from_salon, from_session_salon, from_application_id, synthetic)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
    ON CONFLICT ON CONSTRAINT users_email_key DO NOTHING
    RETURNING id""";

  private static final String EXISTS = """
    SELECT EXISTS (SELECT 1 FROM users WHERE email = $1)""";

  // the account link came by mail: the address is proven
  private static final String ACTIVATE = """
    UPDATE users SET password_hash = $2, status = 'active', email_verified_at = now(), updated_at = now()
    WHERE id = $1 AND status = 'pending'""";

  private static final String DISABLE = """
    UPDATE users SET status = 'disabled', updated_at = now() WHERE email = $1 RETURNING id""";

  // An account disabled before its link was used has no password: it goes back to pending, not active.
  private static final String ENABLE = """
    UPDATE users SET status = CASE WHEN password_hash IS NULL THEN 'pending' ELSE 'active' END, updated_at = now()
    WHERE email = $1 AND status = 'disabled'
    RETURNING id""";

  private final SyntheticAddresses synthetic;

  /** @param synthetic the addresses marked synthetic as their account is written */
  public UserRepository(SyntheticAddresses synthetic) {
    this.synthetic = synthetic;
  }

  /** @param email a normalised address */
  public Future<Optional<Credentials>> findCredentials(SqlClient client, String email) {
    return client.preparedQuery(FIND_CREDENTIALS).execute(Tuple.of(email)).map(UserRepository::toCredentials);
  }

  public Future<Optional<Credentials>> findCredentialsById(SqlClient client, String userId) {
    return client.preparedQuery(FIND_CREDENTIALS_BY_ID).execute(Tuple.of(UUID.fromString(userId))).map(UserRepository::toCredentials);
  }

  /** Replaces the password of an active account; false when the account is not active. */
  public Future<Boolean> setPasswordHash(SqlClient client, String userId, String passwordHash) {
    return client.preparedQuery(SET_PASSWORD_HASH).execute(Tuple.of(UUID.fromString(userId), passwordHash))
      .map(rows -> rows.rowCount() == 1);
  }

  /**
   * Moves an active account to a new (normalised) address.
   *
   * @return false when the account is not active; fails with SQLSTATE 23505 ({@code users_email_key}) when the address is taken
   */
  public Future<Boolean> changeEmail(SqlClient client, String userId, String email) {
    return client.preparedQuery(CHANGE_EMAIL).execute(Tuple.of(UUID.fromString(userId), email)).map(rows -> rows.rowCount() == 1);
  }

  public Future<Boolean> upgradePasswordHash(SqlClient client, String userId, String oldHash, String newHash) {
    return client.preparedQuery(UPGRADE_PASSWORD_HASH)
      .execute(Tuple.of(UUID.fromString(userId), oldHash, newHash))
      .map(rows -> rows.rowCount() == 1);
  }

  /** @return the new account's id, or empty when the address is taken */
  public Future<Optional<String>> insertIfAbsent(SqlClient client, NewUser user) {
    Tuple values = Tuple.of(user.email(), user.passwordHash().orElse(null), user.status().wireName(), user.language(),
      user.fromSalon().orElse(null), user.fromSessionSalon().orElse(null),
      user.fromApplicationId().map(UUID::fromString).orElse(null)).addBoolean(synthetic.matches(user.email()));
    return client.preparedQuery(INSERT_IF_ABSENT).execute(values).map(UserRepository::firstId);
  }

  /** @param email a normalised address */
  public Future<Boolean> exists(SqlClient client, String email) {
    return client.preparedQuery(EXISTS).execute(Tuple.of(email)).map(rows -> rows.iterator().next().getBoolean(0));
  }

  /** Sets the password of a pending account and makes it active; false when the account is not pending. */
  public Future<Boolean> activate(SqlClient client, String userId, String passwordHash) {
    return client.preparedQuery(ACTIVATE).execute(Tuple.of(UUID.fromString(userId), passwordHash))
      .map(rows -> rows.rowCount() == 1);
  }

  /** @return the account's id, or empty when no account has that (normalised) address */
  public Future<Optional<String>> disable(SqlClient client, String email) {
    return client.preparedQuery(DISABLE).execute(Tuple.of(email)).map(UserRepository::firstId);
  }

  /** @return the account's id, or empty when no disabled account has that (normalised) address */
  public Future<Optional<String>> enable(SqlClient client, String email) {
    return client.preparedQuery(ENABLE).execute(Tuple.of(email)).map(UserRepository::firstId);
  }

  private static Optional<String> firstId(RowSet<Row> rows) {
    return rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next().getUUID("id").toString());
  }

  private static Optional<Credentials> toCredentials(RowSet<Row> rows) {
    if (rows.size() == 0) {
      return Optional.empty();
    }
    Row row = rows.iterator().next();
    return Optional.of(new Credentials(
      row.getUUID("id").toString(),
      row.getString("email"),
      Optional.ofNullable(row.getString("password_hash")),
      UserStatus.fromWire(row.getString("status"))));
  }
}
