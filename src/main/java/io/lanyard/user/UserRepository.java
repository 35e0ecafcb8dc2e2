package io.lanyard.user;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.Optional;
import java.util.UUID;

/** The {@code users} table. Every method takes the client to run on, so callers choose the transaction. */
public final class UserRepository {

  private static final String FIND_CREDENTIALS = """
    SELECT id, password_hash, status FROM users WHERE email = $1""";

  // Compare-and-set on the old hash: a password changed meanwhile is never overwritten by an upgrade of the old one.
  private static final String UPGRADE_PASSWORD_HASH = """
    UPDATE users SET password_hash = $3, updated_at = now() WHERE id = $1 AND password_hash = $2""";

  // The unique constraint decides between concurrent creates of one address: one row, the others get nothing back.
  private static final String INSERT_IF_ABSENT = """
    INSERT INTO users (email, password_hash, status, language, from_salon, from_session_salon, from_application_id)
    VALUES ($1, $2, $3, $4, $5, $6, $7)
    ON CONFLICT ON CONSTRAINT users_email_key DO NOTHING
    RETURNING id""";

  private static final String EXISTS = """
    SELECT EXISTS (SELECT 1 FROM users WHERE email = $1)""";

  private static final String LOCK_BY_EMAIL = """
    SELECT id, status FROM users WHERE email = $1 FOR UPDATE""";

  private static final String ACTIVATE = """
    UPDATE users SET password_hash = $2, status = 'active', updated_at = now()
    WHERE id = $1 AND status = 'pending'""";

  /** @param email a normalised address */
  public Future<Optional<Credentials>> findCredentials(SqlClient client, String email) {
    return client.preparedQuery(FIND_CREDENTIALS).execute(Tuple.of(email)).map(UserRepository::toCredentials);
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
      user.fromApplicationId().map(UUID::fromString).orElse(null));
    return client.preparedQuery(INSERT_IF_ABSENT).execute(values)
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next().getUUID("id").toString()));
  }

  /** @param email a normalised address */
  public Future<Boolean> exists(SqlClient client, String email) {
    return client.preparedQuery(EXISTS).execute(Tuple.of(email)).map(rows -> rows.iterator().next().getBoolean(0));
  }

  /** The account of that address, locked until the transaction ends (so one request at a time renews its link). */
  public Future<Optional<Account>> lockByEmail(SqlClient client, String email) {
    return client.preparedQuery(LOCK_BY_EMAIL).execute(Tuple.of(email)).map(rows -> {
      if (rows.size() == 0) {
        return Optional.empty();
      }
      Row row = rows.iterator().next();
      return Optional.of(new Account(row.getUUID("id").toString(), UserStatus.fromWire(row.getString("status"))));
    });
  }

  /** Sets the password of a pending account and makes it active; false when the account is not pending. */
  public Future<Boolean> activate(SqlClient client, String userId, String passwordHash) {
    return client.preparedQuery(ACTIVATE).execute(Tuple.of(UUID.fromString(userId), passwordHash))
      .map(rows -> rows.rowCount() == 1);
  }

  private static final String FIND_PROFILE = """
    SELECT id, status, language, profile FROM users WHERE email = $1""";

  // One statement, so concurrent updates from two applications each keep the fields they did not send:
  // the merge happens on the current row, under its lock, not on a copy read earlier.
  private static final String MERGE_PROFILE = """
    UPDATE users SET
      profile = (profile || $2::jsonb) - $3::text[],
      language = CASE WHEN $4 THEN $5::text ELSE language END,
      updated_at = now()
    WHERE id = $1""";

  /** An account with its profile, as the third-party routes see it. */
  public record Profile(String id, UserStatus status, Optional<String> language, JsonObject fields) {
  }

  /** @param email a normalised address */
  public Future<Optional<Profile>> findProfile(SqlClient client, String email) {
    return client.preparedQuery(FIND_PROFILE).execute(Tuple.of(email)).map(rows -> {
      if (rows.size() == 0) {
        return Optional.empty();
      }
      Row row = rows.iterator().next();
      Object profile = row.getValue("profile");
      return Optional.of(new Profile(row.getUUID("id").toString(), UserStatus.fromWire(row.getString("status")),
        Optional.ofNullable(row.getString("language")), profile instanceof JsonObject json ? json : new JsonObject()));
    });
  }

  /** Sets, clears and keeps profile fields in one statement; false when the account is gone. */
  public Future<Boolean> mergeProfile(SqlClient client, String userId, ProfileChange change) {
    Tuple values = Tuple.of(UUID.fromString(userId), change.set(), change.cleared().toArray(String[]::new),
      change.language().isPresent(), change.language().flatMap(language -> language).orElse(null));
    return client.preparedQuery(MERGE_PROFILE).execute(values).map(rows -> rows.rowCount() == 1);
  }

  /** An account's id and state. */
  public record Account(String id, UserStatus status) {
  }

  private static Optional<Credentials> toCredentials(RowSet<Row> rows) {
    if (rows.size() == 0) {
      return Optional.empty();
    }
    Row row = rows.iterator().next();
    return Optional.of(new Credentials(
      row.getUUID("id").toString(),
      Optional.ofNullable(row.getString("password_hash")),
      UserStatus.fromWire(row.getString("status"))));
  }
}
