package io.lanyard.platform.db;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import org.flywaydb.core.api.MigrationVersion;

import java.util.Optional;

/** Flyway's record of the migrations applied to the database, read without JDBC so the event loop can ask. */
public final class SchemaHistory {

  private static final String APPLIED_VERSIONS = """
    SELECT version FROM flyway_schema_history WHERE success AND version IS NOT NULL""";

  /** The highest version applied successfully, compared as Flyway compares them (7.1 before 10); empty on a blank schema. */
  public Future<Optional<MigrationVersion>> appliedVersion(SqlClient client) {
    return client.query(APPLIED_VERSIONS).execute().map(rows -> {
      MigrationVersion highest = null;
      for (Row row : rows) {
        MigrationVersion version = MigrationVersion.fromVersion(row.getString("version"));
        if (highest == null || version.compareTo(highest) > 0) {
          highest = version;
        }
      }
      return Optional.ofNullable(highest);
    });
  }
}
