package io.lanyard.partners.imports;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** The writes of an import, a batch per statement: rows travel as arrays, so a thousand rows cost one round trip. */
final class ImportRepository {

  // The unique constraint skips the addresses that exist (before the import, or from another writer meanwhile).
  private static final String INSERT = """
    INSERT INTO users (email, password_hash, status, language, from_salon, from_session_salon, from_application_id, profile)
    SELECT t.email, t.password_hash, CASE WHEN t.password_hash IS NULL THEN 'pending' ELSE 'active' END, t.language,
      t.from_salon, t.from_session_salon, $7, t.profile::jsonb
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
      AS t(email, password_hash, language, from_salon, from_session_salon, profile)
    ON CONFLICT ON CONSTRAINT users_email_key DO NOTHING
    RETURNING id, email""";
  // Only what differs is written, and named: a re-run with the same file changes nothing.
  private static final String MERGE_PROFILES = """
    WITH given AS (
      SELECT t.email, t.profile::jsonb AS profile, t.language
      FROM unnest($1::text[], $2::text[], $3::text[]) AS t(email, profile, language)),
    changes AS (
      SELECT u.id, g.profile, g.language,
        ARRAY(SELECT p.key FROM jsonb_each(g.profile) p WHERE u.profile -> p.key IS DISTINCT FROM p.value ORDER BY p.key)
          || CASE WHEN u.language IS DISTINCT FROM g.language THEN ARRAY['language'] ELSE ARRAY[]::text[] END AS fields
      FROM given g JOIN users u ON u.email = g.email)
    UPDATE users u SET profile = u.profile || c.profile, language = c.language, updated_at = now()
    FROM changes c
    WHERE u.id = c.id AND cardinality(c.fields) > 0
    RETURNING u.id, c.fields""";

  /** An account the import created. */
  record Created(String id, String email) {
  }

  /** An existing account whose profile the import changed, and the fields it changed. */
  record Updated(String id, List<String> fields) {
  }

  Future<List<Created>> insert(SqlClient client, List<ImportRow> rows, String applicationId) {
    int size = rows.size();
    String[] emails = new String[size];
    String[] hashes = new String[size];
    String[] languages = new String[size];
    String[] salons = new String[size];
    String[] sessions = new String[size];
    String[] profiles = new String[size];
    for (int i = 0; i < size; i++) {
      ImportRow row = rows.get(i);
      emails[i] = row.email();
      hashes[i] = row.passwordHash().orElse(null);
      languages[i] = row.language();
      salons[i] = row.fromSalon();
      sessions[i] = row.fromSessionSalon();
      profiles[i] = row.profile().encode();
    }
    Tuple values = Tuple.tuple().addArrayOfString(emails).addArrayOfString(hashes).addArrayOfString(languages)
      .addArrayOfString(salons).addArrayOfString(sessions).addArrayOfString(profiles)
      .addUUID(UUID.fromString(applicationId));
    return client.preparedQuery(INSERT).execute(values).map(result -> {
      List<Created> created = new ArrayList<>(result.size());
      for (Row row : result) {
        created.add(new Created(row.getUUID("id").toString(), row.getString("email")));
      }
      return created;
    });
  }

  Future<List<Updated>> mergeProfiles(SqlClient client, List<ImportRow> rows) {
    int size = rows.size();
    String[] emails = new String[size];
    String[] profiles = new String[size];
    String[] languages = new String[size];
    for (int i = 0; i < size; i++) {
      emails[i] = rows.get(i).email();
      profiles[i] = rows.get(i).profile().encode();
      languages[i] = rows.get(i).language();
    }
    Tuple values = Tuple.tuple().addArrayOfString(emails).addArrayOfString(profiles).addArrayOfString(languages);
    return client.preparedQuery(MERGE_PROFILES).execute(values).map(result -> {
      List<Updated> updated = new ArrayList<>(result.size());
      for (Row row : result) {
        updated.add(new Updated(row.getUUID("id").toString(), List.of(row.getArrayOfStrings("fields"))));
      }
      return updated;
    });
  }
}
