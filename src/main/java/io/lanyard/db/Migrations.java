package io.lanyard.db;

import io.lanyard.config.ConfigException;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.output.MigrateResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/** Creates the database when asked to and brings its schema up to date with Flyway; JDBC, so always on a worker thread. */
public final class Migrations {

  private static final Logger log = LoggerFactory.getLogger(Migrations.class);

  // What the migrations on the classpath lead to: a fact of this JVM's classpath, so kept once for all, and read by the
  // health check to tell a database left behind (restored from an old backup, say) from one that is up to date.
  private static volatile MigrationVersion latestOnClasspath;

  private Migrations() {
  }

  public static Future<Void> prepare(Vertx vertx, DbUri uri, boolean createDatabase) {
    return vertx.executeBlocking(() -> {
      if (createDatabase) {
        createIfMissing(uri);
      }
      migrate(uri);
      return null;
    }, false);
  }

  static void createIfMissing(DbUri uri) {
    try (Connection connection = DriverManager.getConnection(uri.maintenanceJdbcUrl(), uri.jdbcProperties());
         PreparedStatement exists = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
      exists.setString(1, uri.database());
      try (ResultSet rows = exists.executeQuery()) {
        if (rows.next()) {
          return;
        }
      }
      try (Statement create = connection.createStatement()) {
        // An identifier cannot be a parameter: quote it, doubling any quote inside.
        create.execute("CREATE DATABASE \"" + uri.database().replace("\"", "\"\"") + "\"");
        log.info("Created database {}", uri.database());
      }
    } catch (SQLException e) {
      // Another instance created it at the same moment: 42P04 once its CREATE committed, 23505 (pg_database's unique name
      // index) while both were in flight.
      if (SqlStates.DUPLICATE_DATABASE.equals(e.getSQLState()) || SqlStates.UNIQUE_VIOLATION.equals(e.getSQLState())) {
        log.info("Database {} was created by another instance meanwhile", uri.database());
        return;
      }
      throw unreachable(uri, e);
    }
  }

  private static void migrate(DbUri uri) {
    Flyway flyway = Flyway.configure()
      .dataSource(uri.jdbcUrl(), uri.jdbcProperties().getProperty("user"), uri.jdbcProperties().getProperty("password"))
      .locations("classpath:db/migration")
      .connectRetries(0)
      .load();
    try {
      MigrateResult result = flyway.migrate();
      if (result.migrationsExecuted > 0) {
        log.info("Migrated database {} to version {}", uri.database(), result.targetSchemaVersion);
      }
      latestOnClasspath = Arrays.stream(flyway.info().all())
        .filter(migration -> migration.getState().isResolved())
        .map(MigrationInfo::getVersion)
        .filter(Objects::nonNull)
        .max(MigrationVersion::compareTo)
        .orElse(MigrationVersion.EMPTY);
    } catch (RuntimeException e) {
      Throwable cause = e;
      while (cause.getCause() != null && !(cause instanceof SQLException)) {
        cause = cause.getCause();
      }
      if (cause instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("08")) {
        throw unreachable(uri, sql);
      }
      throw new ConfigException("Migrating database " + uri.describe() + " failed: " + e.getMessage(), e);
    }
  }

  /** The version the classpath's migrations lead to; empty until a migration run has read them. */
  public static Optional<MigrationVersion> latestOnClasspath() {
    return Optional.ofNullable(latestOnClasspath);
  }

  private static ConfigException unreachable(DbUri uri, SQLException e) {
    return new ConfigException("Cannot reach the database of setting db.uri (LANYARD_DB_URI) at " + uri.describe() + ": "
      + e.getMessage(), e);
  }
}
