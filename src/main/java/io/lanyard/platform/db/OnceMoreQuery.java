package io.lanyard.platform.db;

import io.vertx.core.Future;
import io.vertx.sqlclient.Query;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlResult;

import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collector;

/** A simple query of a {@link ResilientClient}: each execution asks the pool for the query afresh, so a retry gets a new connection. */
final class OnceMoreQuery<T> implements Query<T> {

  private final Supplier<Query<T>> fresh;
  private final ResilientClient pool;
  private final boolean read;

  OnceMoreQuery(ResilientClient pool, Supplier<Query<T>> fresh, boolean read) {
    this.pool = pool;
    this.fresh = fresh;
    this.read = read;
  }

  @Override
  public Future<T> execute() {
    return pool.onceMore(() -> fresh.get().execute(), read);
  }

  @Override
  public <R> Query<SqlResult<R>> collecting(Collector<Row, ?, R> collector) {
    return new OnceMoreQuery<>(pool, () -> fresh.get().collecting(collector), read);
  }

  @Override
  public <U> Query<RowSet<U>> mapping(Function<Row, U> mapper) {
    return new OnceMoreQuery<>(pool, () -> fresh.get().mapping(mapper), read);
  }
}
