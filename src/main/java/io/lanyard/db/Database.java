package io.lanyard.db;

import io.lanyard.config.LanyardConfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;

/** Opens the database for the service and the CLI alike: create it if asked, migrate it, then pool connections to it. */
public final class Database {

  private Database() {
  }

  /** The service's pools, one per class of work ({@link DbPools}). */
  public static Future<DbPools> open(Vertx vertx, LanyardConfig.Db db, DbUri uri, int eventLoops) {
    return Migrations.prepare(vertx, uri, db.createDatabase())
      .map(migrated -> DbPools.create(vertx, db, uri, eventLoops));
  }

  /** One pool of {@code db.poolSize} connections, for an operator command. */
  public static Future<Pool> openOne(Vertx vertx, LanyardConfig.Db db, DbUri uri) {
    return Migrations.prepare(vertx, uri, db.createDatabase())
      .map(migrated -> Pools.create(vertx, db, uri, "lanyard", db.poolSize(), 1));
  }
}
