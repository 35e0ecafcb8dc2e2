package io.lanyard.signin.oidc;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.Optional;
import java.util.UUID;

/** What the ID token and userinfo say about an account, read in one statement by its id. */
final class ClaimsRepository {

  private static final String FIND = """
    SELECT email, email_verified_at IS NOT NULL AS email_verified, profile ->> 'firstname' AS given_name,
      profile ->> 'lastname' AS family_name, language
    FROM users WHERE id = $1 AND status = 'active'""";

  /** An active account's claims; the profile's names when they are strings. */
  record AccountClaims(String email, boolean emailVerified, Optional<String> givenName, Optional<String> familyName,
                       Optional<String> language) {
  }

  /** @return empty when the account is not active (any more) */
  Future<Optional<AccountClaims>> find(SqlClient client, String userId) {
    return client.preparedQuery(FIND).execute(Tuple.of(UUID.fromString(userId))).map(rows -> {
      if (rows.size() == 0) {
        return Optional.empty();
      }
      Row row = rows.iterator().next();
      return Optional.of(new AccountClaims(row.getString("email"), row.getBoolean("email_verified"),
        Optional.ofNullable(row.getString("given_name")).filter(name -> !name.isBlank()),
        Optional.ofNullable(row.getString("family_name")).filter(name -> !name.isBlank()),
        Optional.ofNullable(row.getString("language"))));
    });
  }
}
