package io.lanyard.platform.db;

import io.lanyard.platform.config.ConfigException;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationInfoService;
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

/**
 * Creates the database when asked to and brings its schema up to date with Flyway, or only checks that it is; JDBC, so always
 * on a worker thread.
 */
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

  /**
   * Fails, with one line for the operator, unless the database exists and has every migration on the classpath (a newer schema
   * is fine, as for the health check). Reads Flyway's history and writes nothing: for the commands that must not create or
   * migrate a database.
   */
  public static Future<Void> requireUpToDate(Vertx vertx, DbUri uri) {
    return vertx.executeBlocking(() -> {
      String database = "database \"" + uri.database() + "\" at " + uri.server();
      MigrationInfoService info;
      try {
        info = flyway(uri).info();
      } catch (RuntimeException e) {
        if (isMissingDatabase(e)) {
          throw new ConfigException(database + " does not exist; run 'lanyard migrate' or start the service first");
        }
        throw explain(uri, "Reading the schema history of database", e);
      }
      MigrationInfo current = info.current();
      MigrationVersion needed = latestResolved(info);
      if (current == null || current.getVersion() == null) {
        throw new ConfigException(database + " has no Lanyard schema yet; run 'lanyard migrate' or start the service first");
      }
      if (current.getVersion().compareTo(needed) < 0) {
        throw new ConfigException(database + " has schema version " + current.getVersion() + ", older than the " + needed
          + " this lanyard needs; run 'lanyard migrate' first");
      }
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

  /**
   * Flyway's migrate, which validates every migration applied and applies the missing ones, unless this database is one
   * Flyway already verified with the very same migrations and history ({@link VerifiedSchema}): then it would find nothing to
   * do, and a start saves its scan of the jar and its validation (docs/performance.md, "Start to ready").
   */
  private static void migrate(DbUri uri) {
    Optional<String> migrationsDigest = Optional.empty();
    try {
      Optional<ClasspathMigrations> migrations = ClasspathMigrations.read();
      migrationsDigest = migrations.map(ClasspathMigrations::digest);
      try (Connection connection = DriverManager.getConnection(uri.jdbcUrl(), uri.jdbcProperties())) {
        RewordedMigrations.accept(connection);
        if (migrationsDigest.isPresent() && VerifiedSchema.matches(connection, migrationsDigest.get())) {
          latestOnClasspath = migrations.get().latestVersion();
          return;
        }
      } catch (SQLException e) {
        throw new IllegalStateException("Reading the schema history failed", e);
      }
      Flyway flyway = flyway(uri);
      MigrateResult result = flyway.migrate();
      if (result.migrationsExecuted > 0) {
        log.info("Migrated database {} to version {}", uri.database(), result.targetSchemaVersion);
      }
      latestOnClasspath = latestResolved(flyway.info());
    } catch (RuntimeException e) {
      if (isMissingDatabase(e)) {
        throw new ConfigException("database \"" + uri.database() + "\" at " + uri.server()
          + " does not exist, and setting db.createDatabase (LANYARD_DB_CREATE_DATABASE) is false", e);
      }
      throw explain(uri, "Migrating database", e);
    }
    migrationsDigest.ifPresent(digest -> recordVerified(uri, digest));
  }

  /** Only saves the next start some time: failing to record it stops nothing. */
  private static void recordVerified(DbUri uri, String migrationsDigest) {
    try (Connection connection = DriverManager.getConnection(uri.jdbcUrl(), uri.jdbcProperties())) {
      VerifiedSchema.record(connection, migrationsDigest);
    } catch (SQLException e) {
      log.warn("Could not record that Flyway verified database {} (the next start runs Flyway again): {}", uri.database(),
        e.getMessage());
    }
  }

  private static Flyway flyway(DbUri uri) {
    return Flyway.configure()
      .dataSource(uri.jdbcUrl(), uri.jdbcProperties().getProperty("user"), uri.jdbcProperties().getProperty("password"))
      .locations("classpath:db/migration")
      .connectRetries(0)
      .load();
  }

  private static MigrationVersion latestResolved(MigrationInfoService info) {
    return Arrays.stream(info.all())
      .filter(migration -> migration.getState().isResolved())
      .map(MigrationInfo::getVersion)
      .filter(Objects::nonNull)
      .max(MigrationVersion::compareTo)
      .orElse(MigrationVersion.EMPTY);
  }

  private static boolean isMissingDatabase(RuntimeException e) {
    return sqlFailure(e).filter(sql -> SqlStates.INVALID_CATALOG_NAME.equals(sql.getSQLState())).isPresent();
  }

  /** A connection that could not be made names the setting; anything else says what was being done. */
  private static ConfigException explain(DbUri uri, String doing, RuntimeException e) {
    Optional<SQLException> sql = sqlFailure(e);
    if (sql.isPresent() && sql.get().getSQLState() != null && sql.get().getSQLState().startsWith("08")) {
      return unreachable(uri, sql.get());
    }
    return new ConfigException(doing + " " + uri.describe() + " failed: " + e.getMessage(), e);
  }

  /** The JDBC failure under Flyway's wrapping, if any. */
  private static Optional<SQLException> sqlFailure(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql) {
        return Optional.of(sql);
      }
    }
    return Optional.empty();
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
