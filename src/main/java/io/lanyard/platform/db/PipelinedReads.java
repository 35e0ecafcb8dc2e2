package io.lanyard.platform.db;

import io.lanyard.platform.config.LanyardConfig;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlClient;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The client for statements that run alone, outside any transaction ({@code /_me}, getUser): on each event
 * loop, a small client of {@code db.readConnections} connections that live on that loop and pipeline up to 256 statements
 * each. A pooled connection serves one statement at a time and answers on its own loop; here a read neither queues for a
 * connection nor hops between loops. Off an event loop (the CLI, a worker thread) and after close, the pool serves instead.
 * Refusals keep the pool's shapes ({@link PoolRefusals}): a wait longer than {@code db.queueBudget} or a full queue is a 503.
 * Its sessions carry the deadlines of every session ({@link Pools#sessionOptions}), and a read whose connection died runs once
 * more on a fresh one ({@link ResilientClient}).
 *
 * <p>PostgreSQL runs a connection's statements one after the other, and its deadlines count from when each starts: behind a
 * read stuck on a lock, each read pipelined after it would wait its turn, then the lock again, one {@code lock_timeout} after
 * the other. So each read also has a deadline of its own, counted from the call: the shorter of {@code db.lockTimeout} and
 * {@code db.statementTimeout}, plus {@link #DEADLINE_MARGIN} (a key lookup takes milliseconds; one that takes that long is
 * stuck or behind one that is). Past it the request gets its 503 at once; the statement, still queued, ends on the server's
 * deadline.
 */
public final class PipelinedReads {

  static final Duration DEADLINE_MARGIN = Duration.ofSeconds(1);

  private final Vertx vertx;
  private final LanyardConfig.Db db;
  private final DbUri uri;
  private final SqlClient pool;
  private final ThreadLocal<SqlClient> onThisLoop = new ThreadLocal<>();
  private final List<SqlClient> clients = new CopyOnWriteArrayList<>();
  private volatile boolean closed;

  public PipelinedReads(Vertx vertx, LanyardConfig.Db db, DbUri uri, SqlClient pool) {
    this.vertx = vertx;
    this.db = db;
    this.uri = uri;
    this.pool = pool;
  }

  /** The client of the calling event loop (made on its first read), else the pool. */
  public SqlClient client() {
    if (closed || !Context.isOnEventLoopThread()) {
      return pool;
    }
    SqlClient client = onThisLoop.get();
    if (client == null) {
      client = create();
      onThisLoop.set(client);
      clients.add(client);
    }
    return client;
  }

  public Future<Void> close() {
    closed = true;
    return Future.join(clients.stream().map(SqlClient::close).toList()).mapEmpty();
  }

  // Made on the loop that will use it: eventLoopSize 0 keeps the connections on the creating context's loop.
  private SqlClient create() {
    PoolOptions options = new PoolOptions()
      .setName("lanyard-reads")
      .setMaxSize(db.readConnections())
      .setMaxWaitQueueSize(db.maxWaitQueue())
      .setEventLoopSize(0)
      .setConnectionTimeout((int) db.queueBudget().toMillis())
      .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS);
    Duration serverDeadline = db.lockTimeout().compareTo(db.statementTimeout()) < 0 ? db.lockTimeout() : db.statementTimeout();
    return new ResilientClient(vertx, PgBuilder.client().with(options).with(Pools.network(uri))
      .connectingTo(Pools.sessionOptions(db, uri)).using(vertx).build(), serverDeadline.plus(DEADLINE_MARGIN));
  }
}
