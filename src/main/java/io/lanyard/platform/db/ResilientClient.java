package io.lanyard.platform.db;

import io.lanyard.platform.support.FailureLog;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.PrepareOptions;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Query;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Any client's single statements, run once more on a fresh connection when their connection died and nothing of them can
 * have been written: the statement only reads, or surely wrote nothing ({@link DbFailure#wroteNothing}). A write that may have
 * run is never run again; it fails as it came, for {@link DbFailure} to classify. The second run waits a moment, so the client
 * has let go of the dead connection (and of others killed with it) by then.
 */
public final class ResilientClient implements SqlClient {

  private static final Logger log = LoggerFactory.getLogger(ResilientClient.class);
  static final FailureLog failures = new FailureLog(log);
  static final long PAUSE_BEFORE_RETRY_MS = 50;
  /** Statement texts are constants of the repositories: few, and asked about on every query. */
  private static final Map<String, Boolean> READS = new ConcurrentHashMap<>();

  private final Vertx vertx;
  private final SqlClient client;

  public ResilientClient(Vertx vertx, SqlClient client) {
    this.vertx = vertx;
    this.client = client;
  }

  @Override
  public Query<RowSet<Row>> query(String sql) {
    return new OnceMoreQuery<>(this, () -> client.query(sql), isRead(sql));
  }

  @Override
  public PreparedQuery<RowSet<Row>> preparedQuery(String sql) {
    return new OnceMorePreparedQuery<>(this, () -> client.preparedQuery(sql), isRead(sql));
  }

  @Override
  public PreparedQuery<RowSet<Row>> preparedQuery(String sql, PrepareOptions options) {
    return new OnceMorePreparedQuery<>(this, () -> client.preparedQuery(sql, options), isRead(sql));
  }

  @Override
  public Future<Void> close() {
    return client.close();
  }

  /** Runs the statement once more when its connection died and running it again cannot write twice. */
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
    return READS.computeIfAbsent(sql, ResilientClient::readsOnly);
  }

  private static boolean readsOnly(String sql) {
    String text = sql.strip().toUpperCase(Locale.ROOT);
    return text.startsWith("SELECT") && !text.contains(" FOR UPDATE") && !text.contains(" FOR SHARE")
      && !text.contains(" FOR NO KEY UPDATE") && !text.contains("NOTIFY") && !text.contains("NEXTVAL")
      && !text.contains("SETVAL") && !text.contains("SET_CONFIG");
  }
}
