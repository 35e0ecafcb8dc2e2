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

/** What the ID token and userinfo say about an account, read by its id: one account, or many in one statement. */
final class ClaimsRepository {

  private static final String COLUMNS = """
    id, email, email_verified_at IS NOT NULL AS email_verified, profile ->> 'firstname' AS given_name,
      profile ->> 'lastname' AS family_name, language""";
  private static final String FIND = "SELECT " + COLUMNS + " FROM users WHERE id = $1 AND status = 'active'";
  private static final String FIND_ALL = "SELECT " + COLUMNS + " FROM users WHERE id = ANY($1::uuid[]) AND status = 'active'";

  /** An active account's claims; the profile's names when they are strings. */
  record AccountClaims(String email, boolean emailVerified, Optional<String> givenName, Optional<String> familyName,
                       Optional<String> language) {
  }

  /** @return empty when the account is not active (any more) */
  Future<Optional<AccountClaims>> find(SqlClient client, String userId) {
    return client.preparedQuery(FIND).execute(Tuple.of(UUID.fromString(userId)))
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(toClaims(rows.iterator().next())));
  }

  /** The claims of those of the accounts that are active, each under its id (for {@link io.lanyard.platform.db.ReadBatches}). */
  Future<Map<UUID, AccountClaims>> findAll(SqlClient client, List<UUID> ids) {
    return client.preparedQuery(FIND_ALL).execute(Tuple.tuple().addArrayOfUUID(ids.toArray(UUID[]::new))).map(rows -> {
      Map<UUID, AccountClaims> found = new HashMap<>(rows.size() * 2);
      rows.forEach(row -> found.put(row.getUUID("id"), toClaims(row)));
      return found;
    });
  }

  private static AccountClaims toClaims(Row row) {
    return new AccountClaims(row.getString("email"), row.getBoolean("email_verified"),
      Optional.ofNullable(row.getString("given_name")).filter(name -> !name.isBlank()),
      Optional.ofNullable(row.getString("family_name")).filter(name -> !name.isBlank()),
      Optional.ofNullable(row.getString("language")));
  }
}
