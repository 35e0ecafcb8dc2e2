package io.lanyard.db;

import io.lanyard.config.LanyardConfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;

/** Opens the database for the service and the CLI alike: create it if asked, migrate it, then pool connections to it. */
public final class Database {

  private Database() {
  }

  /** @param eventLoops how many event loops will use the pool */
  public static Future<Pool> open(Vertx vertx, LanyardConfig.Db db, DbUri uri, int eventLoops) {
    return Migrations.prepare(vertx, uri, db.createDatabase())
      .map(migrated -> Pools.create(vertx, db, uri, eventLoops));
  }
}
