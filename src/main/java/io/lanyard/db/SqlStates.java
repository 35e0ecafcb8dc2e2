package io.lanyard.db;


/** The SQLSTATE codes the code reacts to, by name. */
public final class SqlStates {

  public static final String UNIQUE_VIOLATION = "23505";
  public static final String DUPLICATE_DATABASE = "42P04";
  public static final String DEADLOCK_DETECTED = "40P01";
  /** Connecting to a database that does not exist. */
  public static final String INVALID_CATALOG_NAME = "3D000";

  private SqlStates() {
  }
}
