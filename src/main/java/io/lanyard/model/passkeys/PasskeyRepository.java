package io.lanyard.model.passkeys;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The passkeys table: registered credentials, their counters and names. */
public final class PasskeyRepository {

  /** How many passkeys one account may hold: enough for every device a person owns, not a table to fill. */
  public static final int MAX_PER_ACCOUNT = 20;

  // the cap is read in the same statement as the insert; two registrations racing may both pass it once, which costs a row
  private static final String INSERT = """
    INSERT INTO passkeys (id, user_id, public_key, sign_count, transports, name)
    SELECT $1, $2, $3, $4, $5, $6
    WHERE (SELECT count(*) FROM passkeys WHERE user_id = $2) < $7
    ON CONFLICT (id) DO NOTHING
    RETURNING id, user_id, name, transports, created_at, last_used_at""";
  private static final String FIND = """
    SELECT id, user_id, public_key, sign_count, transports FROM passkeys WHERE id = $1""";
  // a counter that does not move forward (unless the authenticator keeps none: 0 then and 0 now) is refused here too, so two
  // sign-ins with the same assertion racing on two instances cannot both pass
  private static final String RECORD_USE = """
    UPDATE passkeys SET sign_count = $2, last_used_at = now()
    WHERE id = $1 AND (sign_count < $2 OR (sign_count = 0 AND $2 = 0))
    RETURNING id""";
  private static final String LIST = """
    SELECT id, user_id, name, transports, created_at, last_used_at FROM passkeys WHERE user_id = $1 ORDER BY created_at, id""";
  private static final String RENAME = """
    UPDATE passkeys SET name = $3 WHERE id = $1 AND user_id = $2
    RETURNING id, user_id, name, transports, created_at, last_used_at""";
  private static final String REMOVE = """
    DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING id""";

  /** @return the new passkey; empty when that credential is already registered or the account holds its maximum */
  public Future<Optional<Passkey>> insert(SqlClient client, StoredPasskey credential, String name) {
    return client.preparedQuery(INSERT).execute(Tuple.of(Buffer.buffer(credential.credentialId()), UUID.fromString(credential.userId()),
        Buffer.buffer(credential.publicKey()), credential.signCount(), credential.transports().toArray(String[]::new), name)
        .addValue(MAX_PER_ACCOUNT))
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(toPasskey(rows.iterator().next())));
  }

  public Future<Optional<StoredPasskey>> find(SqlClient client, byte[] credentialId) {
    return client.preparedQuery(FIND).execute(Tuple.of(Buffer.buffer(credentialId))).map(rows -> {
      if (rows.size() == 0) {
        return Optional.empty();
      }
      Row row = rows.iterator().next();
      return Optional.of(new StoredPasskey(row.getBuffer("id").getBytes(), row.getUUID("user_id").toString(),
        row.getBuffer("public_key").getBytes(), row.getLong("sign_count"), transports(row)));
    });
  }

  /** @return false when the counter did not move forward from the stored one (a cloned authenticator, or a replay) */
  public Future<Boolean> recordUse(SqlClient client, byte[] credentialId, long signCount) {
    return client.preparedQuery(RECORD_USE).execute(Tuple.of(Buffer.buffer(credentialId), signCount)).map(rows -> rows.size() == 1);
  }

  public Future<List<Passkey>> list(SqlClient client, String userId) {
    return client.preparedQuery(LIST).execute(Tuple.of(UUID.fromString(userId))).map(rows -> {
      List<Passkey> passkeys = new ArrayList<>();
      rows.forEach(row -> passkeys.add(toPasskey(row)));
      return passkeys;
    });
  }

  /** @return the renamed passkey; empty when the account has none of that id */
  public Future<Optional<Passkey>> rename(SqlClient client, String userId, byte[] credentialId, String name) {
    return client.preparedQuery(RENAME).execute(Tuple.of(Buffer.buffer(credentialId), UUID.fromString(userId), name))
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(toPasskey(rows.iterator().next())));
  }

  /** @return whether the account had a passkey of that id */
  public Future<Boolean> remove(SqlClient client, String userId, byte[] credentialId) {
    return client.preparedQuery(REMOVE).execute(Tuple.of(Buffer.buffer(credentialId), UUID.fromString(userId))).map(rows -> rows.size() == 1);
  }

  private static Passkey toPasskey(Row row) {
    return new Passkey(row.getBuffer("id").getBytes(), row.getUUID("user_id").toString(), row.getString("name"),
      transports(row), row.getOffsetDateTime("created_at"), row.getOffsetDateTime("last_used_at"));
  }

  private static List<String> transports(Row row) {
    String[] transports = row.getArrayOfStrings("transports");
    return transports == null ? List.of() : List.copyOf(Arrays.asList(transports));
  }
}
