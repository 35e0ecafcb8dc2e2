package io.lanyard.db;

import io.lanyard.config.LanyardConfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;

/**
 * Opens the database: for the service and {@code migrate}, created if asked and migrated; for every other command, as it is,
 * provided it exists and is up to date. Then pools connections to it.
 */
public final class Database {

  private Database() {
  }

  /** @param eventLoops how many event loops will use the pool */
  public static Future<Pool> open(Vertx vertx, LanyardConfig.Db db, DbUri uri, int eventLoops) {
    return Migrations.prepare(vertx, uri, db.createDatabase())
      .map(migrated -> Pools.create(vertx, db, uri, eventLoops));
  }

  /** Creates and migrates nothing: fails, saying so in one line, when the database is missing or its schema is behind. */
  public static Future<Pool> openExisting(Vertx vertx, LanyardConfig.Db db, DbUri uri, int eventLoops) {
    return Migrations.requireUpToDate(vertx, uri)
      .map(checked -> Pools.create(vertx, db, uri, eventLoops));
  }
}
