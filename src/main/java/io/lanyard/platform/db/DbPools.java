package io.lanyard.platform.db;

import io.lanyard.platform.config.LanyardConfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;

/**
 * The service's connection pools, one per class of work: a bulkhead, so that one slow table cannot take every connection.
 * A lock on {@code mail_outbox} may hold the connections of the requests that write mail, and of mail delivery, for up to
 * {@code db.lockTimeout}; logins and token routes have connections of their own meanwhile.
 *
 * @param requests API requests other than logins: creation, activation, the third-party routes
 * @param logins logins and the routes of a logged-in caller (its account, refresh, logout)
 * @param background work no request waits for: mail and webhook delivery, audit writes, cache reloads, revocation
 *   catch-ups, gauges; its commits do not wait for the disk ({@link Pools#createForBackground})
 * @param reads single statements of the request path outside any transaction ({@code /_me}, getUser), pipelined on each
 *   event loop's own connections; off an event loop, the requests pool
 */
public record DbPools(ResilientPool requests, ResilientPool logins, Pool background, PipelinedReads reads) {

  /** @param eventLoops how many event loops serve requests (the request pools spread their connections over them) */
  public static DbPools create(Vertx vertx, LanyardConfig.Db db, DbUri uri, int eventLoops) {
    ResilientPool requests = Pools.create(vertx, db, uri, "lanyard", db.poolSize(), eventLoops);
    return new DbPools(
      requests,
      Pools.create(vertx, db, uri, "lanyard-logins", db.loginPoolSize(), eventLoops),
      Pools.createForBackground(vertx, db, uri, "lanyard-background", db.backgroundPoolSize()),
      new PipelinedReads(vertx, db, uri, requests));
  }

  /**
   * Whether API requests wait for a database connection: the machine (or the database) is at the limit of what requests
   * ask of it, and work no request waits for had better step aside ({@code mail.yieldToRequests}).
   */
  public boolean requestsWait() {
    return requests.hasWaitingWork() || logins.hasWaitingWork();
  }

  /** The reads' clients first: off a closing loop, they would fall back on the requests pool. */
  public Future<Void> close() {
    return reads.close().eventually(() -> Future.join(requests.close(), logins.close(), background.close()).mapEmpty());
  }
}
