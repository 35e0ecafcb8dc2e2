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
    PgConnectOptions connect = uri.connectOptions()
      .setCachePreparedStatements(true)
      .setPreparedStatementCacheMaxSize(PREPARED_STATEMENT_CACHE)
      .setPipeliningLimit(PIPELINING_LIMIT);
    PoolOptions options = new PoolOptions()
      .setName("lanyard")
      .setMaxSize(db.poolSize())
      .setMaxWaitQueueSize(db.maxWaitQueue())
      .setEventLoopSize(eventLoops)
      // Past the budget a request gets a 503 (io.lanyard.api.Overloaded), as it does when the wait queue is full.
      .setConnectionTimeout((int) db.queueBudget().toMillis())
      .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS);
    NetClientOptions network = new NetClientOptions().setConnectTimeout((int) uri.connectTimeout().toMillis());
    return PgBuilder.pool().with(options).with(network).connectingTo(connect).using(vertx).build();
  }
}
