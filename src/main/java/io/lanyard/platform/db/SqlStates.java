package io.lanyard.platform.db;

/** The SQLSTATE codes the code reacts to, by name (PostgreSQL's appendix A). */
public final class SqlStates {

  public static final String UNIQUE_VIOLATION = "23505";
  public static final String DUPLICATE_DATABASE = "42P04";
  public static final String DEADLOCK_DETECTED = "40P01";
  /** Connecting to a database that does not exist. */
  public static final String INVALID_CATALOG_NAME = "3D000";

  /** Class 08, connection exception: the connection is gone or was never made. */
  public static final String CONNECTION_EXCEPTION_CLASS = "08";
  public static final String CLIENT_UNABLE_TO_CONNECT = "08001";
  public static final String CONNECTION_REJECTED = "08004";
  /** The server is starting up or shutting down. */
  public static final String CANNOT_CONNECT_NOW = "57P03";
  public static final String TOO_MANY_CONNECTIONS = "53300";
  /** The session was terminated: {@code pg_terminate_backend}, or a fast or smart shutdown. */
  public static final String ADMIN_SHUTDOWN = "57P01";
  public static final String CRASH_SHUTDOWN = "57P02";
  /** A statement cancelled, here by {@code statement_timeout}. */
  public static final String QUERY_CANCELED = "57014";
  /** A lock not obtained within {@code lock_timeout}. */
  public static final String LOCK_NOT_AVAILABLE = "55P03";

  private SqlStates() {
  }
}
