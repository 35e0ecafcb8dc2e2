package io.lanyard.platform.db;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * What lets a start skip Flyway: after Flyway migrated and validated a database, the {@code settings} row
 * {@value #NAME} keeps a digest of the migrations it was given and of the schema history it left. A later start whose
 * migrations and history give the same digest would have Flyway find nothing to apply and nothing invalid, so it need not
 * run it. Anything else — a migration added, removed or edited, a row of the history added, changed or failed, the row
 * missing — and Flyway runs as before, with every check it makes.
 */
final class VerifiedSchema {

  static final String NAME = "schema.verified";

  private static final String HISTORY = """
    SELECT installed_rank, version, description, type, script, checksum, success
    FROM flyway_schema_history ORDER BY installed_rank""";
  private static final String FIND = "SELECT value FROM settings WHERE name = ?";
  private static final String RECORD = """
    INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value""";

  private VerifiedSchema() {
  }

  /** Whether Flyway verified this database with these migrations and nothing in its history changed since. */
  static boolean matches(Connection connection, String migrationsDigest) {
    try {
      Optional<String> recorded = recorded(connection);
      return recorded.isPresent() && recorded.get().equals(digest(connection, migrationsDigest));
    } catch (SQLException e) {
      // no settings table or no history yet (a new database), or anything else unexpected: Flyway's path decides
      return false;
    }
  }

  /** Called once Flyway has migrated and validated the database. */
  static void record(Connection connection, String migrationsDigest) throws SQLException {
    try (PreparedStatement record = connection.prepareStatement(RECORD)) {
      record.setString(1, NAME);
      record.setString(2, digest(connection, migrationsDigest));
      record.executeUpdate();
    }
  }

  private static Optional<String> recorded(Connection connection) throws SQLException {
    try (PreparedStatement find = connection.prepareStatement(FIND)) {
      find.setString(1, NAME);
      try (ResultSet row = find.executeQuery()) {
        return row.next() ? Optional.of(row.getString(1)) : Optional.empty();
      }
    }
  }

  private static String digest(Connection connection, String migrationsDigest) throws SQLException {
    MessageDigest sha256 = sha256();
    sha256.update(migrationsDigest.getBytes(StandardCharsets.UTF_8));
    try (PreparedStatement history = connection.prepareStatement(HISTORY); ResultSet rows = history.executeQuery()) {
      int columns = rows.getMetaData().getColumnCount();
      while (rows.next()) {
        for (int column = 1; column <= columns; column++) {
          sha256.update((byte) 0);
          String value = rows.getString(column);
          sha256.update(value == null ? new byte[] {1} : value.getBytes(StandardCharsets.UTF_8));
        }
        sha256.update((byte) '\n');
      }
    }
    return HexFormat.of().formatHex(sha256.digest());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
