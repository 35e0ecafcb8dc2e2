package io.lanyard.signin.oidc;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/** The {@code oidc_consents} table: the scopes a person agreed to give a client, one row per account and client. */
final class ConsentRepository {

  private static final String FIND = """
    SELECT scopes FROM oidc_consents WHERE user_id = $1 AND client_id = $2""";
  // a later consent covers what the earlier did and more: the scopes are merged
  private static final String GRANT = """
    INSERT INTO oidc_consents (user_id, client_id, scopes) VALUES ($1, $2, $3)
    ON CONFLICT (user_id, client_id) DO UPDATE SET
      scopes = ARRAY(SELECT DISTINCT unnest(oidc_consents.scopes || EXCLUDED.scopes)), granted_at = now()""";
  private static final String REVOKE = """
    DELETE FROM oidc_consents WHERE user_id = $1 AND ($2::text IS NULL OR client_id = $2) RETURNING client_id""";
  private static final String LIST = """
    SELECT client_id, scopes FROM oidc_consents WHERE user_id = $1 ORDER BY client_id""";

  /** What a person agreed a client may have. */
  record Consent(String clientId, List<String> scopes) {
  }

  Future<List<String>> scopes(SqlClient client, String userId, String clientId) {
    return client.preparedQuery(FIND).execute(Tuple.of(UUID.fromString(userId), clientId)).map(rows -> rows.size() == 0
      ? List.of() : Arrays.asList(rows.iterator().next().getArrayOfStrings("scopes")));
  }

  Future<Void> grant(SqlClient client, String userId, String clientId, List<String> scopes) {
    return client.preparedQuery(GRANT).execute(Tuple.of(UUID.fromString(userId), clientId, scopes.toArray(String[]::new)))
      .mapEmpty();
  }

  /** @param clientId null: every client's */
  Future<List<String>> revoke(SqlClient client, String userId, String clientId) {
    return client.preparedQuery(REVOKE).execute(Tuple.of(UUID.fromString(userId), clientId)).map(rows -> {
      List<String> revoked = new ArrayList<>();
      rows.forEach(row -> revoked.add(row.getString("client_id")));
      return revoked;
    });
  }

  Future<List<Consent>> list(SqlClient client, String userId) {
    return client.preparedQuery(LIST).execute(Tuple.of(UUID.fromString(userId))).map(rows -> {
      List<Consent> all = new ArrayList<>();
      rows.forEach(row -> all.add(new Consent(row.getString("client_id"), Arrays.asList(row.getArrayOfStrings("scopes")))));
      return all;
    });
  }
}
