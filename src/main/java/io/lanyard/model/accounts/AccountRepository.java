package io.lanyard.model.accounts;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Whole accounts (no password hash) from the {@code users} table, and their profile writes. */
public final class AccountRepository {

  private static final String COLUMNS = "id, email, status, language, profile, from_salon, from_application_id";
  private static final String FIND_BY_ID = "SELECT " + COLUMNS + " FROM users WHERE id = $1";
  private static final String FIND_ALL_BY_ID = "SELECT " + COLUMNS + " FROM users WHERE id = ANY($1::uuid[])";
  private static final String FIND_BY_EMAIL = "SELECT " + COLUMNS + " FROM users WHERE email = $1";
  private static final String LOCK_BY_EMAIL = "SELECT " + COLUMNS + " FROM users WHERE email = $1 FOR UPDATE";
  private static final String LIST = "SELECT " + COLUMNS + ", created_at FROM users"
    + " WHERE ($1::text IS NULL AND status <> 'deleted' OR status = $1) AND ($2::text IS NULL OR from_salon = $2)"
    + " AND ($3::timestamptz IS NULL OR created_at > $3) ORDER BY created_at DESC, id LIMIT $4";
  private static final String LOCK_BY_ID = "SELECT " + COLUMNS + " FROM users WHERE id = $1 FOR UPDATE";

  // One statement, so concurrent updates from two applications each keep the fields they did not send (the merge happens
  // on the current row, under its lock, not on a copy read earlier); it finds the account too, within the caller's reach.
  private static final String MERGE_PROFILE = """
    UPDATE users SET
      profile = (profile || $2::jsonb) - $3::text[],
      language = CASE WHEN $4 THEN $5::text ELSE language END,
      updated_at = now()
    WHERE email = $1 AND ($6::uuid IS NULL OR id = $6::uuid)
    RETURNING id""";

  /** Accounts matching the filter, newest first (erased ones only when asked for by status). */
  public Future<List<Listed>> list(SqlClient client, Filter filter) {
    Tuple values = Tuple.tuple().addString(filter.status().map(UserStatus::wireName).orElse(null))
      .addString(filter.salon().orElse(null)).addOffsetDateTime(filter.createdAfter().orElse(null)).addInteger(filter.limit());
    return client.preparedQuery(LIST).execute(values).map(rows -> {
      List<Listed> listed = new ArrayList<>(rows.size());
      rows.forEach(row -> listed.add(new Listed(toAccount(row), row.getOffsetDateTime("created_at"))));
      return listed;
    });
  }

  /** What {@link #list} selects by; empty parts select everything. */
  public record Filter(Optional<UserStatus> status, Optional<String> salon, Optional<OffsetDateTime> createdAfter, int limit) {
  }

  /** An account and when it was created. */
  public record Listed(Account account, OffsetDateTime createdAt) {
  }

  public Future<Optional<Account>> findById(SqlClient client, String userId) {
    return client.preparedQuery(FIND_BY_ID).execute(Tuple.of(UUID.fromString(userId))).map(AccountRepository::first);
  }

  /** The accounts of those ids (distinct), in one statement; an id without an account is not in the map. */
  public Future<Map<UUID, Account>> findAllById(SqlClient client, List<UUID> ids) {
    return client.preparedQuery(FIND_ALL_BY_ID).execute(Tuple.tuple().addArrayOfUUID(ids.toArray(UUID[]::new))).map(rows -> {
      Map<UUID, Account> found = new HashMap<>(rows.size() * 2);
      rows.forEach(row -> found.put(row.getUUID("id"), toAccount(row)));
      return found;
    });
  }

  /** @param email a normalised address */
  public Future<Optional<Account>> findByEmail(SqlClient client, String email) {
    return client.preparedQuery(FIND_BY_EMAIL).execute(Tuple.of(email)).map(AccountRepository::first);
  }

  /** The account of that address, locked until the transaction ends (so one request at a time renews its link). */
  public Future<Optional<Account>> lockByEmail(SqlClient client, String email) {
    return client.preparedQuery(LOCK_BY_EMAIL).execute(Tuple.of(email)).map(AccountRepository::first);
  }

  /** The account, locked until the transaction ends (so no other change to it interleaves). */
  public Future<Optional<Account>> lockById(SqlClient client, String userId) {
    return client.preparedQuery(LOCK_BY_ID).execute(Tuple.of(UUID.fromString(userId))).map(AccountRepository::first);
  }

  /**
   * Sets, clears and keeps profile fields of the account of that address, in one statement.
   *
   * @param email a normalised address
   * @param onlyUserId when present, the account must also be this one
   * @return the account's id, or empty when no account (within reach) has that address
   */
  public Future<Optional<String>> mergeProfile(SqlClient client, String email, Optional<String> onlyUserId, ProfileChange change) {
    Tuple values = Tuple.tuple().addString(email).addValue(change.set()).addArrayOfString(change.cleared().toArray(String[]::new))
      .addBoolean(change.language().isPresent()).addString(change.language().flatMap(language -> language).orElse(null))
      .addUUID(onlyUserId.map(UUID::fromString).orElse(null));
    return client.preparedQuery(MERGE_PROFILE).execute(values)
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next().getUUID("id").toString()));
  }

  private static Optional<Account> first(RowSet<Row> rows) {
    return rows.size() == 0 ? Optional.empty() : Optional.of(toAccount(rows.iterator().next()));
  }

  /** Maps a row holding {@link #COLUMNS}. */
  static Account toAccount(Row row) {
    Object profile = row.getValue("profile");
    UUID applicationId = row.getUUID("from_application_id");
    return new Account(
      row.getUUID("id").toString(),
      row.getString("email"),
      UserStatus.fromWire(row.getString("status")),
      row.getString("language"),
      profile instanceof JsonObject object ? object : new JsonObject(),
      Optional.ofNullable(row.getString("from_salon")),
      Optional.ofNullable(applicationId).map(UUID::toString));
  }
}
