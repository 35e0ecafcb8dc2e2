package io.lanyard.model.accounts;

import io.lanyard.platform.config.Topics;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.List;

/** The ordered list of user types, managed by the operator. */
public final class UserTypeRepository {

  private static final String LIST = """
    SELECT name FROM user_types ORDER BY position""";
  private static final String DELETE_ALL = """
    DELETE FROM user_types""";
  private static final String INSERT = """
    INSERT INTO user_types (position, name) VALUES ($1, $2)""";
  // NOTIFY inside the transaction is delivered at commit, so listeners never reload a half-written list.
  private static final String ANNOUNCE = """
    SELECT pg_notify($1, '')""";

  public Future<List<String>> list(SqlClient client) {
    return client.preparedQuery(LIST).execute().map(rows -> {
      List<String> names = new ArrayList<>(rows.size());
      for (Row row : rows) {
        names.add(row.getString("name"));
      }
      return List.copyOf(names);
    });
  }

  /** Replaces the whole list in one transaction and tells every instance. */
  public Future<Void> replace(Pool pool, List<String> names) {
    List<Tuple> batch = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      batch.add(Tuple.of(i, names.get(i)));
    }
    return pool.withTransaction(tx -> tx.query(DELETE_ALL).execute()
      .compose(deleted -> batch.isEmpty() ? Future.succeededFuture() : tx.preparedQuery(INSERT).executeBatch(batch))
      .compose(inserted -> tx.preparedQuery(ANNOUNCE).execute(Tuple.of(Topics.USER_TYPES_CHANGED)))
      .mapEmpty());
  }
}
