package io.lanyard.support;

import io.lanyard.db.DbUri;
import io.vertx.sqlclient.SqlConnection;

import static io.lanyard.support.Await.await;

/**
 * Database faults made from another session, on one test database only: its service's sessions terminated
 * ({@code pg_terminate_backend}, filtered by database and application name, so no other test or engineer is touched), a table
 * locked. The PostgreSQL server itself is never restarted: others share it.
 */
public final class DbFaults {

  private DbFaults() {
  }

  /** Terminates every session the service opened on {@code db}; the number terminated. */
  public static long terminateServiceSessions(TestDb db) {
    return db.count("""
      SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity
      WHERE datname = $1 AND application_name = $2 AND pid <> pg_backend_pid()""", db.name(), DbUri.APPLICATION_NAME);
  }

  /** How many of the service's sessions on {@code db} wait for a lock, running a statement {@code LIKE} the pattern. */
  public static long sessionsWaitingForALock(TestDb db, String statementPattern) {
    return db.count("""
      SELECT count(*) FROM pg_stat_activity
      WHERE datname = $1 AND application_name = $2 AND wait_event_type = 'Lock' AND query LIKE $3""",
      db.name(), DbUri.APPLICATION_NAME, statementPattern);
  }

  /** Terminates the service's sessions on {@code db} that wait for a lock in a statement {@code LIKE} the pattern. */
  public static long terminateSessionsWaitingForALock(TestDb db, String statementPattern) {
    return db.count("""
      SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity
      WHERE datname = $1 AND application_name = $2 AND wait_event_type = 'Lock' AND query LIKE $3""",
      db.name(), DbUri.APPLICATION_NAME, statementPattern);
  }

  /** An ACCESS EXCLUSIVE lock on {@code table}, held by a transaction of the test until {@link Lock#release()}. */
  public static Lock lock(TestDb db, String table) {
    SqlConnection connection = db.connect();
    await(connection.query("BEGIN").execute());
    await(connection.query("LOCK TABLE " + table + " IN ACCESS EXCLUSIVE MODE").execute());
    return new Lock(connection);
  }

  /** A table lock held by the test. */
  public static final class Lock implements AutoCloseable {

    private final SqlConnection connection;
    private boolean released;

    private Lock(SqlConnection connection) {
      this.connection = connection;
    }

    public void release() {
      if (!released) {
        released = true;
        await(connection.query("ROLLBACK").execute());
        await(connection.close());
      }
    }

    @Override
    public void close() {
      release();
    }
  }
}
