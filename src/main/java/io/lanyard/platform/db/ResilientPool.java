package io.lanyard.platform.db;

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

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A pool that gets over a lost connection: its single statements as {@link ResilientClient} runs them (once more when that
 * cannot write twice), and a transaction once more, from BEGIN on a fresh connection, when its connection died before COMMIT
 * was sent. A COMMIT whose reply was lost is never run again: it may have committed.
 *
 * <p>It also tells whether work waits for its connections ({@link #hasWaitingWork}): the transactions and connection-long
 * work under way are counted (single statements, which hold a connection for one round trip, are not).
 */
public final class ResilientPool implements Pool {

  private final Vertx vertx;
  private final Pool pool;
  private final ResilientClient statements;
  private final int maxSize;
  // touched by every event loop the pool serves: one increment and one decrement per transaction
  private final AtomicInteger underWay = new AtomicInteger();

  /** @param maxSize the pool's connections: past that many units of work under way, the others wait for one */
  public ResilientPool(Vertx vertx, Pool pool, int maxSize) {
    this.vertx = vertx;
    this.pool = pool;
    this.maxSize = maxSize;
    this.statements = new ResilientClient(vertx, pool);
  }

  /** Whether more transactions (or connection-long work) are under way than the pool has connections: some wait. */
  public boolean hasWaitingWork() {
    return underWay.get() > maxSize;
  }

  private <T> Future<T> counted(Future<T> work) {
    return work.andThen(done -> underWay.decrementAndGet());
  }

  @Override
  public Future<SqlConnection> getConnection() {
    return pool.getConnection();
  }

  @Override
  public Query<RowSet<Row>> query(String sql) {
    return statements.query(sql);
  }

  @Override
  public PreparedQuery<RowSet<Row>> preparedQuery(String sql) {
    return statements.preparedQuery(sql);
  }

  @Override
  public PreparedQuery<RowSet<Row>> preparedQuery(String sql, PrepareOptions options) {
    return statements.preparedQuery(sql, options);
  }

  /** BEGIN, the work, COMMIT on one connection; run once more on another when the first died before COMMIT. */
  @Override
  public <T> Future<T> withTransaction(Function<SqlConnection, Future<T>> work) {
    underWay.incrementAndGet();
    return counted(transaction(work).recover(failure -> {
      if (failure instanceof BeforeCommit lost && DbFailure.of(lost.getCause()) == DbFailure.CONNECTION_LOST) {
        ResilientClient.failures.warn("transaction", "A transaction lost its connection before COMMIT; running it again on a "
          + "fresh one: " + lost.getCause());
        return vertx.timer(ResilientClient.PAUSE_BEFORE_RETRY_MS).compose(paused -> transaction(work));
      }
      return Future.failedFuture(failure);
    }).recover(failure -> Future.failedFuture(failure instanceof BeforeCommit before ? before.getCause() : failure)));
  }

  @Override
  public <T> Future<T> withTransaction(TransactionPropagation propagation, Function<SqlConnection, Future<T>> work) {
    underWay.incrementAndGet();
    return counted(pool.withTransaction(propagation, work));
  }

  @Override
  public <T> Future<T> withConnection(Function<SqlConnection, Future<T>> work) {
    underWay.incrementAndGet();
    return counted(pool.withConnection(work));
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

  /** A failure of a transaction before its COMMIT was sent: nothing of it was committed. */
  private static final class BeforeCommit extends RuntimeException {

    BeforeCommit(Throwable cause) {
      super(cause.toString(), cause, false, false);
    }
  }
}
