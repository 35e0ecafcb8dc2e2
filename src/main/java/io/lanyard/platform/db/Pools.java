package io.lanyard.platform.db;

import io.lanyard.platform.config.LanyardConfig;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Reactive connection pools. Every session they open carries the service's deadlines ({@code statement_timeout},
 * {@code lock_timeout}, {@code idle_in_transaction_session_timeout}), so a locked table or a runaway query costs a prompt 503,
 * not a connection held for minutes, and an instance that vanished mid-transaction frees what it held; and every
 * pool is a {@link ResilientPool}, so a connection that dies under a statement does not fail it when running it again is safe.
 */
public final class Pools {

  private static final int PREPARED_STATEMENT_CACHE = 256;
  private static final int PIPELINING_LIMIT = 256;
  /**
   * How long an operator command waits for a connection. A request waits {@code db.queueBudget} (2 s), then sheds load
   * with a 503; a command has no load to shed, and its first connection is made by a JVM just started, which on a busy
   * host (a service instance beside it) took longer than 2 s: the command failed with "Timeout waiting for connection".
   */
  private static final Duration COMMAND_WAIT = Duration.ofSeconds(30);

  private Pools() {
  }

  /**
   * @param name the pool's name in the metrics ({@code pool_name})
   * @param eventLoops how many event loops the pool spreads its connections over (one per HTTP verticle instance)
   */
  public static ResilientPool create(Vertx vertx, LanyardConfig.Db db, DbUri uri, String name, int size, int eventLoops) {
    return create(vertx, db, name, size, eventLoops, uri, sessionOptions(db, uri));
  }

  /** An operator command's pool: {@code db.poolSize} connections on one event loop, waited for up to {@link #COMMAND_WAIT}. */
  public static ResilientPool createForCommand(Vertx vertx, LanyardConfig.Db db, DbUri uri) {
    return create(vertx, db, "lanyard", db.poolSize(), 1, uri, sessionOptions(db, uri), COMMAND_WAIT);
  }

  /**
   * The pool of work no request waits for (mail and webhook delivery, audit writes, pruning), one event loop: its commits
   * do not wait for PostgreSQL to flush them to disk ({@code synchronous_commit=off}). Mail delivery records each mail
   * sent in a commit of its own, so that a service killed mid-batch never sends a mail twice; waiting for a disk flush at
   * each of those doubled the flushes of a sign-up by link (its own commit, then its mail's). Such a commit is still atomic
   * and seen at once by every session, and survives the service being killed; only a crash of PostgreSQL itself (or of
   * its machine) may forget the last fraction of a second of them (three times {@code wal_writer_delay}, 600 ms by
   * default): mails or webhook calls marked done then go out once more, with the same Message-ID or {@code webhook-id} for
   * the receiver to recognise, and that last audit batch is lost. Nothing is lost that was to be sent.
   */
  public static ResilientPool createForBackground(Vertx vertx, LanyardConfig.Db db, DbUri uri, String name, int size) {
    return create(vertx, db, name, size, 1, uri, sessionOptions(db, uri).addProperty("synchronous_commit", "off"));
  }

  private static ResilientPool create(Vertx vertx, LanyardConfig.Db db, String name, int size, int eventLoops, DbUri uri,
                             PgConnectOptions session) {
    return create(vertx, db, name, size, eventLoops, uri, session, db.queueBudget());
  }

  private static ResilientPool create(Vertx vertx, LanyardConfig.Db db, String name, int size, int eventLoops, DbUri uri,
                             PgConnectOptions session, Duration connectionWait) {
    PoolOptions options = new PoolOptions()
      .setName(name)
      .setMaxSize(size)
      .setMaxWaitQueueSize(db.maxWaitQueue())
      .setEventLoopSize(eventLoops)
      // Past the budget a request gets a 503 (io.lanyard.model.api.Overloaded), as it does when the wait queue is full.
      .setConnectionTimeout((int) connectionWait.toMillis())
      .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS);
    // A pool lends a connection to one statement or transaction at a time: it never pipelines (PgBuilder.pool() ignores the
    // pipelining limit), which is why single reads of the request path go through PipelinedReads instead.
    Pool pool = PgBuilder.pool().with(options).with(network(uri)).connectingTo(session).using(vertx).build();
    return new ResilientPool(vertx, pool, size);
  }

  /**
   * The connection options of every session of the service: prepared statements cached per connection, and the deadlines,
   * which travel in the startup message (no extra round trip).
   */
  static PgConnectOptions sessionOptions(LanyardConfig.Db db, DbUri uri) {
    return uri.connectOptions()
      .setCachePreparedStatements(true)
      .setPreparedStatementCacheMaxSize(PREPARED_STATEMENT_CACHE)
      // used by the pipelined reads' clients (PgBuilder.client()) only: a pool ignores it (see create)
      .setPipeliningLimit(PIPELINING_LIMIT)
      .addProperty("statement_timeout", millis(db.statementTimeout()))
      .addProperty("lock_timeout", millis(db.lockTimeout()))
      // A transaction whose instance vanished (cut off, frozen) would otherwise hold its rows until TCP gives up, hours later
      .addProperty("idle_in_transaction_session_timeout", millis(db.idleInTransactionTimeout()));
  }

  /** Keep-alive probes find a peer that vanished (a host gone, a network partition) where the server cannot say so. */
  static NetClientOptions network(DbUri uri) {
    return new NetClientOptions().setConnectTimeout((int) uri.connectTimeout().toMillis()).setTcpKeepAlive(true);
  }

  private static String millis(Duration duration) {
    return Long.toString(duration.toMillis());
  }
}
