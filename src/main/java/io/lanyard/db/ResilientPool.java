package io.lanyard.db;

import io.lanyard.support.FailureLog;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PrepareOptions;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Query;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.TransactionPropagation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A pool that gets over a lost connection: work whose connection died under it runs once more, on a fresh connection, when
 * nothing of it can have been written. That is a statement that surely wrote nothing ({@link DbFailure#wroteNothing}), a
 * statement that only reads, and a transaction that failed before its COMMIT was sent. A COMMIT whose reply was lost, a write
 * that may have run, a connection that cannot be opened: none is run again, each fails as it came. The second run waits a
 * moment, so the pool has let go of the dead connection (and of others killed with it) by then.
 */
public final class ResilientPool implements Pool {

  private static final Logger log = LoggerFactory.getLogger(ResilientPool.class);
  private static final FailureLog failures = new FailureLog(log);

  private static final long PAUSE_BEFORE_RETRY_MS = 50;
  /** Statement texts are constants of the repositories: few, and asked about on every query. */
  private static final Map<String, Boolean> READS = new ConcurrentHashMap<>();

  private final Vertx vertx;
  private final Pool pool;

  public ResilientPool(Vertx vertx, Pool pool) {
    this.vertx = vertx;
    this.pool = pool;
  }

  @Override
  public Future<SqlConnection> getConnection() {
    return pool.getConnection();
  }

  @Override
  public Query<RowSet<Row>> query(String sql) {
    return new OnceMoreQuery<>(this, () -> pool.query(sql), isRead(sql));
  }

  @Override
  public PreparedQuery<RowSet<Row>> preparedQuery(String sql) {
    return new OnceMorePreparedQuery<>(this, () -> pool.preparedQuery(sql), isRead(sql));
  }

  @Override
  public PreparedQuery<RowSet<Row>> preparedQuery(String sql, PrepareOptions options) {
    return new OnceMorePreparedQuery<>(this, () -> pool.preparedQuery(sql, options), isRead(sql));
  }

  /** BEGIN, the work, COMMIT on one connection; run once more on another when the first died before COMMIT. */
  @Override
  public <T> Future<T> withTransaction(Function<SqlConnection, Future<T>> work) {
    return transaction(work).recover(failure -> {
      if (failure instanceof BeforeCommit lost && DbFailure.of(lost.getCause()) == DbFailure.CONNECTION_LOST) {
        failures.warn("transaction", "A transaction lost its connection before COMMIT; running it again on a fresh one: "
          + lost.getCause());
        return vertx.timer(PAUSE_BEFORE_RETRY_MS).compose(paused -> transaction(work));
      }
      return Future.failedFuture(failure);
    }).recover(failure -> Future.failedFuture(failure instanceof BeforeCommit before ? before.getCause() : failure));
  }

  @Override
  public <T> Future<T> withTransaction(TransactionPropagation propagation, Function<SqlConnection, Future<T>> work) {
    return pool.withTransaction(propagation, work);
  }

  @Override
  public <T> Future<T> withConnection(Function<SqlConnection, Future<T>> work) {
    return pool.withConnection(work);
  }

  @Override
  public int size() {
    return pool.size();
  }

  @Override
  public Future<Void> close() {
    return pool.close();
  }

  private <T> Future<T> transaction(Function<SqlConnection, Future<T>> work) {
    return pool.getConnection().compose(connection -> connection.begin()
      .recover(failure -> Future.failedFuture(new BeforeCommit(failure)))
      .compose(tx -> {
        Future<T> done;
        try {
          done = work.apply(connection);
        } catch (RuntimeException e) {
          done = Future.failedFuture(e);
        }
        // a failed COMMIT is not wrapped: whether it was applied is unknown, so it is never run again
        return done.transform(outcome -> outcome.succeeded()
          ? tx.commit().map(outcome.result())
          : tx.rollback().transform(rolledBack -> Future.failedFuture(new BeforeCommit(outcome.cause()))));
      })
      .eventually(connection::close));
  }

  /**
   * Runs the statement once more when its connection died and running it again cannot write twice: it only reads, or the
   * server says it aborted it.
   */
  <T> Future<T> onceMore(Supplier<Future<T>> statement, boolean read) {
    return statement.get().recover(failure -> {
      if (DbFailure.of(failure) == DbFailure.CONNECTION_LOST && (read || DbFailure.wroteNothing(failure))) {
        failures.warn("statement", "A statement lost its connection; running it again on a fresh one: " + failure);
        return vertx.timer(PAUSE_BEFORE_RETRY_MS).compose(paused -> statement.get());
      }
      return Future.failedFuture(failure);
    });
  }

  /** A plain SELECT: no locking clause, no function known to write or notify. Read once per statement text. */
  static boolean isRead(String sql) {
    return READS.computeIfAbsent(sql, ResilientPool::readsOnly);
  }

  private static boolean readsOnly(String sql) {
    String text = sql.strip().toUpperCase(Locale.ROOT);
    return text.startsWith("SELECT") && !text.contains(" FOR UPDATE") && !text.contains(" FOR SHARE")
      && !text.contains(" FOR NO KEY UPDATE") && !text.contains("NOTIFY") && !text.contains("NEXTVAL")
      && !text.contains("SETVAL") && !text.contains("SET_CONFIG");
  }

  /** A failure of a transaction before its COMMIT was sent: nothing of it was committed. */
  private static final class BeforeCommit extends RuntimeException {

    BeforeCommit(Throwable cause) {
      super(cause.toString(), cause, false, false);
    }
  }
}
