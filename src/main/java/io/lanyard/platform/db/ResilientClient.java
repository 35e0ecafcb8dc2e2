package io.lanyard.platform.db;

import io.lanyard.platform.support.FailureLog;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.PrepareOptions;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Query;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
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
  private final long deadlineMillis;

  public ResilientClient(Vertx vertx, SqlClient client) {
    this(vertx, client, Duration.ZERO);
  }

  /**
   * @param deadline how long a statement may take from the call to its outcome, waits included, or zero for no bound but the
   *   server's: on a pipelined connection a statement waits for those ahead of it, which no server setting counts
   */
  public ResilientClient(Vertx vertx, SqlClient client, Duration deadline) {
    this.vertx = vertx;
    this.client = client;
    this.deadlineMillis = deadline.toMillis();
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
    Future<T> outcome = statement.get().recover(failure -> {
      if (DbFailure.of(failure) == DbFailure.CONNECTION_LOST && (read || DbFailure.wroteNothing(failure))) {
        failures.warn("statement", "A statement lost its connection; running it again on a fresh one: " + failure);
        return vertx.timer(PAUSE_BEFORE_RETRY_MS).compose(paused -> statement.get());
      }
      return Future.failedFuture(failure);
    });
    return deadlineMillis > 0 ? withDeadline(outcome) : outcome;
  }

  /** The caller gets its answer by the deadline; a statement still queued or running then ends on the server's own. */
  private <T> Future<T> withDeadline(Future<T> outcome) {
    Promise<T> answer = Promise.promise();
    long timer = vertx.setTimer(deadlineMillis, id -> answer.tryFail(new ClientDeadlineException(deadlineMillis)));
    outcome.onComplete(done -> {
      vertx.cancelTimer(timer);
      if (done.succeeded()) {
        answer.tryComplete(done.result());
      } else {
        answer.tryFail(done.cause());
      }
    });
    return answer.future();
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
