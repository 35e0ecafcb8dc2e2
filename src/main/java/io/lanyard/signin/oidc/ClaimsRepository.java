package io.lanyard.signin.oidc;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * What the ID token and userinfo say about an account, read by its id: many accounts in one statement for userinfo, and
 * with the code it is issued for at the code's exchange ({@link CodeRepository}).
 */
final class ClaimsRepository {

  /** The claims' columns of {@code users} (alias {@code u}); {@code account_id} is null when no active account was joined. */
  static final String COLUMNS = """
    u.id AS account_id, u.email, u.email_verified_at IS NOT NULL AS email_verified,
      u.profile ->> 'firstname' AS given_name, u.profile ->> 'lastname' AS family_name, u.language""";
  private static final String FIND_ALL = "SELECT " + COLUMNS
    + " FROM users u WHERE u.id = ANY($1::uuid[]) AND u.status = 'active'";

  /** An active account's claims; the profile's names when they are strings. */
  record AccountClaims(String email, boolean emailVerified, Optional<String> givenName, Optional<String> familyName,
                       Optional<String> language) {
  }

  /** The claims of those of the accounts that are active, each under its id (for {@link io.lanyard.platform.db.ReadBatches}). */
  Future<Map<UUID, AccountClaims>> findAll(SqlClient client, List<UUID> ids) {
    return client.preparedQuery(FIND_ALL).execute(Tuple.tuple().addArrayOfUUID(ids.toArray(UUID[]::new))).map(rows -> {
      Map<UUID, AccountClaims> found = new HashMap<>(rows.size() * 2);
      rows.forEach(row -> found.put(row.getUUID("account_id"), toClaims(row).orElseThrow()));
      return found;
    });
  }

  /** The claims of a row read with {@link #COLUMNS}; empty when it joined no active account. */
  static Optional<AccountClaims> toClaims(Row row) {
    if (row.getUUID("account_id") == null) {
      return Optional.empty();
    }
    return Optional.of(new AccountClaims(row.getString("email"), row.getBoolean("email_verified"),
      Optional.ofNullable(row.getString("given_name")).filter(name -> !name.isBlank()),
      Optional.ofNullable(row.getString("family_name")).filter(name -> !name.isBlank()),
      Optional.ofNullable(row.getString("language"))));
  }
}
