package io.lanyard.platform.db;

import io.vertx.sqlclient.Query;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlResult;

import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collector;

/** A simple query of a {@link ResilientClient}, retried on a new connection ({@link OnceMoreExecution}). */
final class OnceMoreQuery<T> extends OnceMoreExecution<T, Query<T>> implements Query<T> {

  OnceMoreQuery(ResilientClient pool, Supplier<Query<T>> fresh, boolean read) {
    super(pool, fresh, read);
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
