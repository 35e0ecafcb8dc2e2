package io.lanyard.platform.db;

import io.vertx.core.Future;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlResult;
import io.vertx.sqlclient.Tuple;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collector;

/** A prepared query of a {@link ResilientClient}; retried on a new connection ({@link OnceMoreExecution}). */
final class OnceMorePreparedQuery<T> extends OnceMoreExecution<T, PreparedQuery<T>> implements PreparedQuery<T> {

  OnceMorePreparedQuery(ResilientClient pool, Supplier<PreparedQuery<T>> fresh, boolean read) {
    super(pool, fresh, read);
  }

  @Override
  public Future<T> execute(Tuple parameters) {
    return pool.onceMore(() -> fresh.get().execute(parameters), read);
  }

  @Override
  public Future<T> executeBatch(List<Tuple> batch) {
    return pool.onceMore(() -> fresh.get().executeBatch(batch), read);
  }

  @Override
  public <R> PreparedQuery<SqlResult<R>> collecting(Collector<Row, ?, R> collector) {
    return new OnceMorePreparedQuery<>(pool, () -> fresh.get().collecting(collector), read);
  }

  @Override
  public <U> PreparedQuery<RowSet<U>> mapping(Function<Row, U> mapper) {
    return new OnceMorePreparedQuery<>(pool, () -> fresh.get().mapping(mapper), read);
  }
}
