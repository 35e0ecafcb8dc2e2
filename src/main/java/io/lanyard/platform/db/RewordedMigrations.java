package io.lanyard.platform.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Migrations whose comments were reworded after they had run: their first lines cited a file outside the repository and now
 * cite docs/decisions.md. Flyway checksums every line of a migration, comments included, so a database migrated before the
 * rewording would fail validation at the next start. Before Flyway validates, the checksum each had before the rewording is
 * replaced by the one it has after, and only that one: any other difference in a migration still fails, as it must.
 */
final class RewordedMigrations {

  private record Reworded(String version, int before, int after) {
  }

  private static final List<Reworded> REWORDED = List.of(
    new Reworded("19.1", -1821750376, 1505668340),
    new Reworded("19.2", -1544539067, -1503450547),
    new Reworded("19.3", 534443597, 2057743230),
    new Reworded("19.31", 196487623, -2033383290));

  private static final String HISTORY_EXISTS = "SELECT to_regclass('flyway_schema_history') IS NOT NULL";
  private static final String ACCEPT = "UPDATE flyway_schema_history SET checksum = ? WHERE version = ? AND checksum = ?";

  private RewordedMigrations() {
  }

  static void accept(Connection connection) throws SQLException {
    try (PreparedStatement exists = connection.prepareStatement(HISTORY_EXISTS); ResultSet row = exists.executeQuery()) {
      if (!row.next() || !row.getBoolean(1)) {
        return;
      }
    }
    try (PreparedStatement accept = connection.prepareStatement(ACCEPT)) {
      for (Reworded migration : REWORDED) {
        accept.setInt(1, migration.after());
        accept.setString(2, migration.version());
        accept.setInt(3, migration.before());
        accept.addBatch();
      }
      accept.executeBatch();
    }
  }
}
