package io.lanyard.db;

import io.lanyard.config.LanyardConfig;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;

import java.util.concurrent.TimeUnit;

/** The one reactive connection pool of a process, shared by every verticle. */
public final class Pools {

  private static final int PREPARED_STATEMENT_CACHE = 256;
  private static final int PIPELINING_LIMIT = 256;

  private Pools() {
  }

  /** @param eventLoops how many event loops the pool spreads its connections over (one per HTTP verticle instance) */
  public static Pool create(Vertx vertx, LanyardConfig.Db db, DbUri uri, int eventLoops) {
    PoolOptions options = new PoolOptions()
      .setName("lanyard")
      .setMaxSize(db.poolSize())
      .setMaxWaitQueueSize(db.maxWaitQueue())
      .setEventLoopSize(eventLoops)
      // Past the budget a request gets a 503 (io.lanyard.api.Overloaded), as it does when the wait queue is full.
      .setConnectionTimeout((int) db.queueBudget().toMillis())
      .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS);
    // A pool lends a connection to one statement or transaction at a time: it never pipelines (PgBuilder.pool() ignores the
    // pipelining limit), which is why single statements go through PipelinedReads instead.
    return PgBuilder.pool().with(options).with(network(uri)).connectingTo(connectOptions(uri)).using(vertx).build();
  }

  /** Where and how every connection of the service connects: prepared statements cached per connection. */
  static PgConnectOptions connectOptions(DbUri uri) {
    return uri.connectOptions()
      .setCachePreparedStatements(true)
      .setPreparedStatementCacheMaxSize(PREPARED_STATEMENT_CACHE)
      .setPipeliningLimit(PIPELINING_LIMIT);
  }

  static NetClientOptions network(DbUri uri) {
    return new NetClientOptions().setConnectTimeout((int) uri.connectTimeout().toMillis());
  }
}
