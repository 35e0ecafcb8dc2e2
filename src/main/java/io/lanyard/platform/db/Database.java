package io.lanyard.platform.db;

import io.lanyard.platform.config.LanyardConfig;
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

  /** The service's pools, one per class of work ({@link DbPools}). */
  public static Future<DbPools> open(Vertx vertx, LanyardConfig.Db db, DbUri uri, int eventLoops) {
    return Migrations.prepare(vertx, uri, db.createDatabase())
      .map(migrated -> DbPools.create(vertx, db, uri, eventLoops));
  }

  /** One pool of {@code db.poolSize} connections, for an operator command: the database created if asked, and migrated. */
  public static Future<Pool> openOne(Vertx vertx, LanyardConfig.Db db, DbUri uri) {
    return Migrations.prepare(vertx, uri, db.createDatabase())
      .map(migrated -> Pools.createForCommand(vertx, db, uri));
  }

  /**
   * One pool of {@code db.poolSize} connections, for an operator command, creating and migrating nothing: fails, saying so in
   * one line, when the database is missing or its schema is behind.
   */
  public static Future<Pool> openExisting(Vertx vertx, LanyardConfig.Db db, DbUri uri) {
    return Migrations.requireUpToDate(vertx, uri)
      .map(checked -> Pools.createForCommand(vertx, db, uri));
  }
}
