package io.lanyard.platform.db;

import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A database migrated before four migrations' comments were reworded still starts (their former checksums are accepted as
 * the rewording's), while any other change to a migration that has run still stops the start, as Flyway means it to.
 */
class RewordedMigrationsIT {

  private static final String CHECKSUMS = "SELECT string_agg(version || '=' || checksum, ' ' ORDER BY installed_rank) "
    + "FROM flyway_schema_history WHERE version IN ('19.1', '19.2', '19.3', '19.31')";

  @Test
  void aDatabaseMigratedBeforeTheRewordingStarts() {
    TestDb db = TestDb.create();
    Map<String, String> env = Map.of("LANYARD_DB_URI", db.uri());
    TestApp.start(env).close();
    String migratedNow = db.single(CHECKSUMS).getString(0);
    // the checksums a release before the rewording wrote
    db.query("UPDATE flyway_schema_history SET checksum = CASE version WHEN '19.1' THEN -1821750376 "
      + "WHEN '19.2' THEN -1544539067 WHEN '19.3' THEN 534443597 WHEN '19.31' THEN 196487623 END "
      + "WHERE version IN ('19.1', '19.2', '19.3', '19.31')");

    try (TestApp upgraded = TestApp.start(env)) {

      assertThat(upgraded.http().get("/_healthCheck").status()).isEqualTo(200);
      assertThat(db.single(CHECKSUMS).getString(0)).isEqualTo(migratedNow)
        .isEqualTo("19.1=1505668340 19.2=-1503450547 19.3=2057743230 19.31=-2033383290");
    }
  }

  @Test
  void anyOtherChangeToAMigrationThatRanStillStopsTheStart() {
    TestDb db = TestDb.create();
    Map<String, String> env = Map.of("LANYARD_DB_URI", db.uri());
    TestApp.start(env).close();
    db.query("UPDATE flyway_schema_history SET checksum = 12345 WHERE version = '19.1'");

    assertThatThrownBy(() -> TestApp.start(env)).hasMessageContaining("checksum");
    assertThat(db.single("SELECT checksum FROM flyway_schema_history WHERE version = '19.1'").getInteger(0)).isEqualTo(12345);
  }
}
