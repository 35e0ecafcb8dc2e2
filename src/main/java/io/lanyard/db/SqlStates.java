package io.lanyard.db;

import io.vertx.pgclient.PgException;

/** The SQLSTATE codes the code reacts to, by name. */
public final class SqlStates {

  public static final String UNIQUE_VIOLATION = "23505";
  public static final String DUPLICATE_DATABASE = "42P04";

  private SqlStates() {
  }

  /** True when the failure is a unique violation of the named constraint. */
  public static boolean isUniqueViolation(Throwable failure, String constraint) {
    return failure instanceof PgException pg
      && UNIQUE_VIOLATION.equals(pg.getSqlState())
      && constraint.equals(pg.getConstraint());
  }
}
