package io.lanyard.platform.db;

import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A start skips Flyway only on a database Flyway verified with the same migrations and history; whatever else a start finds,
 * Flyway runs as before: a database missing the newest migration is migrated, a failed migration stops the start.
 */
class VerifiedSchemaIT {

  private static final String NEWEST_APPLIED = """
    SELECT version FROM flyway_schema_history WHERE success AND version IS NOT NULL
    ORDER BY installed_rank DESC LIMIT 1""";
  private static final String RECORDED = "SELECT value FROM settings WHERE name = '" + VerifiedSchema.NAME + "'";

  @Test
  void aDatabaseMissingTheNewestMigrationIsMigratedAtStart() throws Exception {
    TestDb db = TestDb.create();
    DbUri uri = uri(db);
    // as a release before the newest migration left it: migrated to the one before, and verified with its own migrations
    Flyway older = flyway(uri, null);
    MigrationInfo[] all = older.info().pending();
    String newest = all[all.length - 1].getVersion().getVersion();
    flyway(uri, all[all.length - 2].getVersion().getVersion()).migrate();
    try (Connection connection = DriverManager.getConnection(uri.jdbcUrl(), uri.jdbcProperties())) {
      VerifiedSchema.record(connection, "the migrations of the release before");
    }
    String recordedBefore = db.single(RECORDED).getString(0);

    try (TestApp app = TestApp.start(Map.of("LANYARD_DB_URI", db.uri()))) {

      assertThat(app.http().get("/_healthCheck").status()).isEqualTo(200);
      assertThat(db.single(NEWEST_APPLIED).getString(0)).isEqualTo(newest);
      assertThat(db.single(RECORDED).getString(0)).isNotEqualTo(recordedBefore);
    }
  }

  @Test
  void aFailedMigrationStopsTheStartOfAVerifiedDatabase() {
    TestDb db = TestDb.create();
    Map<String, String> env = Map.of("LANYARD_DB_URI", db.uri());
    TestApp.start(env).close();
    assertThat(db.count("SELECT count(*) FROM settings WHERE name = $1", VerifiedSchema.NAME)).isEqualTo(1);
    String newest = db.single(NEWEST_APPLIED).getString(0);
    // what a migration that failed halfway through statements PostgreSQL cannot roll back leaves in the history
    db.query("UPDATE flyway_schema_history SET success = false WHERE version = $1", newest);

    assertThatThrownBy(() -> TestApp.start(env)).hasMessageContaining("failed migration to version " + newest);
  }

  private static DbUri uri(TestDb db) {
    return DbUri.of(ConfigLoader.load(Optional.empty(), TestApp.environment(Map.of("LANYARD_DB_URI", db.uri()))).db());
  }

  private static Flyway flyway(DbUri uri, String target) {
    var configuration = Flyway.configure()
      .dataSource(uri.jdbcUrl(), uri.jdbcProperties().getProperty("user"), uri.jdbcProperties().getProperty("password"))
      .locations("classpath:db/migration");
    return (target == null ? configuration : configuration.target(target)).load();
  }
}
