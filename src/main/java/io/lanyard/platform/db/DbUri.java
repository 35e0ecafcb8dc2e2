package io.lanyard.platform.db;

import io.lanyard.platform.config.ConfigException;
import io.lanyard.platform.config.LanyardConfig;
import io.vertx.pgclient.PgConnectOptions;

import java.time.Duration;
import java.util.Properties;

/** The database address of {@code db.uri}, for both clients: the reactive pool and JDBC (Flyway, database creation). */
public final class DbUri {

  private static final String MAINTENANCE_DATABASE = "postgres";
  /** How the service's sessions show in {@code pg_stat_activity}: what an operator (or a fault test) picks them out by. */
  public static final String APPLICATION_NAME = "lanyard";

  private final PgConnectOptions options;
  private final Duration connectTimeout;

  private DbUri(PgConnectOptions options, Duration connectTimeout) {
    this.options = options;
    this.connectTimeout = connectTimeout;
  }

  public static DbUri of(LanyardConfig.Db db) {
    PgConnectOptions options;
    try {
      options = PgConnectOptions.fromUri(db.uri());
    } catch (RuntimeException e) {
      throw new ConfigException("Invalid setting db.uri (LANYARD_DB_URI): expected postgresql://user@host:port/database, got \""
        + redact(db.uri()) + "\"");
    }
    db.password().ifPresent(secret -> options.setPassword(secret.reveal()));
    options.addProperty("application_name", APPLICATION_NAME);
    return new DbUri(options, db.connectTimeout());
  }

  /** A copy, so callers may tune it (pipelining, caching) without touching this one. */
  public PgConnectOptions connectOptions() {
    return new PgConnectOptions(options);
  }

  public Duration connectTimeout() {
    return connectTimeout;
  }

  public String database() {
    return options.getDatabase();
  }

  public String jdbcUrl() {
    return jdbcUrl(options.getDatabase());
  }

  public String maintenanceJdbcUrl() {
    return jdbcUrl(MAINTENANCE_DATABASE);
  }

  public Properties jdbcProperties() {
    Properties properties = new Properties();
    properties.setProperty("user", options.getUser());
    if (options.getPassword() != null) {
      properties.setProperty("password", options.getPassword());
    }
    long timeoutSeconds = Math.max(1, connectTimeout.toSeconds());
    properties.setProperty("connectTimeout", Long.toString(timeoutSeconds));
    properties.setProperty("loginTimeout", Long.toString(timeoutSeconds));
    properties.setProperty("ApplicationName", APPLICATION_NAME);
    return properties;
  }

  /** The server's {@code host:port}, for messages. */
  public String server() {
    return options.getHost() + ":" + options.getPort();
  }

  /** Where the database is, for messages: no password. */
  public String describe() {
    return "postgresql://" + options.getUser() + "@" + options.getHost() + ":" + options.getPort() + "/" + options.getDatabase();
  }

  private String jdbcUrl(String database) {
    return "jdbc:postgresql://" + options.getHost() + ":" + options.getPort() + "/" + database;
  }

  private static String redact(String uri) {
    return uri.replaceAll("://([^:@/]*):[^@/]*@", "://$1:***@");
  }
}
