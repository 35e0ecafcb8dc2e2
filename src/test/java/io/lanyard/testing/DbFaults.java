package io.lanyard.testing;

import io.lanyard.platform.db.DbUri;
import io.vertx.sqlclient.SqlConnection;

import java.time.Duration;

import static io.lanyard.testing.Await.await;

/**
 * Database faults made from another session, on one test database only: its service's sessions terminated
 * ({@code pg_terminate_backend}, filtered by database and application name, so no other test or engineer is touched), a table
 * locked, the reads of one account slowed. The PostgreSQL server itself is never restarted: others share it.
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

  /**
   * Makes the reads of chosen accounts slow, and only theirs: {@code users} becomes a view of the stored rows whose filter
   * sleeps {@link SlowReads#SLEEP} on a chosen account's row, far past any deadline of the service. The statements of the
   * service do not change (those already prepared are planned again on the view, as PostgreSQL does when a relation they use
   * changes); other accounts read as before, and a simple view still takes writes. For a database of the test's own.
   */
  public static SlowReads slowReads(TestDb db) {
    SqlConnection connection = db.connect();
    try {
      // one simple query: one implicit transaction, so the service never sees users missing
      await(connection.query("""
        ALTER TABLE users RENAME TO users_stored;
        CREATE TABLE test_slow_accounts (id uuid PRIMARY KEY);
        CREATE FUNCTION test_read_account(account uuid) RETURNS boolean LANGUAGE plpgsql AS $$
        BEGIN
          IF EXISTS (SELECT 1 FROM test_slow_accounts WHERE id = account) THEN
            PERFORM pg_sleep(%d);
          END IF;
          RETURN true;
        END $$;
        CREATE VIEW users AS SELECT * FROM users_stored WHERE test_read_account(id);""".formatted(SlowReads.SLEEP.toSeconds()))
        .execute());
    } finally {
      await(connection.close());
    }
    return new SlowReads(db);
  }

  /** The accounts whose reads sleep, set by the test. */
  public static final class SlowReads {

    public static final Duration SLEEP = Duration.ofMinutes(10);

    private final TestDb db;

    private SlowReads(TestDb db) {
      this.db = db;
    }

    /** From now on, every statement that reads this account's row sleeps. */
    public void slow(String accountId) {
      db.query("INSERT INTO test_slow_accounts (id) VALUES ($1::text::uuid)", accountId);
    }

    /** Its reads are quick again. */
    public void quick(String accountId) {
      db.query("DELETE FROM test_slow_accounts WHERE id = $1::text::uuid", accountId);
    }

    /** How many of the service's sessions on the database are asleep in a read of a slow account right now. */
    public long sleeping() {
      return db.count("""
        SELECT count(*) FROM pg_stat_activity
        WHERE datname = $1 AND application_name = $2 AND wait_event = 'PgSleep'""", db.name(), DbUri.APPLICATION_NAME);
    }
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
