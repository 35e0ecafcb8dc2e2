package io.lanyard.platform.db;

import io.vertx.core.Future;
import io.vertx.sqlclient.Query;

import java.util.function.Supplier;

/**
 * A query of a {@link ResilientClient}, simple or prepared: each execution asks the pool for the query afresh, so a retry gets a
 * new connection.
 *
 * @param <Q> the kind of query the pool makes
 */
abstract class OnceMoreExecution<T, Q extends Query<T>> {

  final ResilientClient pool;
  final Supplier<Q> fresh;
  final boolean read;

  OnceMoreExecution(ResilientClient pool, Supplier<Q> fresh, boolean read) {
    this.pool = pool;
    this.fresh = fresh;
    this.read = read;
  }

  public Future<T> execute() {
    return pool.onceMore(() -> fresh.get().execute(), read);
  }
}
