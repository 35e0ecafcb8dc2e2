package io.lanyard.boot.cli;

import io.lanyard.boot.Lanyard;
import io.lanyard.model.accounts.SyntheticAddresses;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.helpdesk.HelpDeskOperations;
import io.lanyard.model.accounts.LoginLockout;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.model.audit.AuditRepository;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.db.Database;
import io.lanyard.platform.db.DbUri;
import io.lanyard.services.events.SubscriptionRepository;
import io.lanyard.services.events.UserEvents;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import picocli.CommandLine.Model.CommandSpec;

import java.util.List;

/**
 * What an operator command runs with: the service's config, and its database. Only {@code migrate} (and the service) create or
 * migrate a database; every other command needs one that exists and is up to date, and says so in one line otherwise.
 */
record CliRuntime(Vertx vertx, LanyardConfig config, Pool pool) implements AutoCloseable {

  /**
   * The database as it is: nothing created, nothing migrated.
   *
   * @param spec the running command, whose root holds {@code -conf}
   */
  static CliRuntime open(CommandSpec spec) {
    return open(spec, false);
  }

  /** The database created when {@code db.createDatabase} allows, and migrated. */
  static CliRuntime migrating(CommandSpec spec) {
    return open(spec, true);
  }

  private static CliRuntime open(CommandSpec spec, boolean migrate) {
    LanyardConfig config = ((LanyardCommand) spec.root().userObject()).config();
    DbUri uri = DbUri.of(config.db());
    // no metrics: a command serves no /metrics
    Vertx vertx = Lanyard.createUnmeasuredVertx();
    try {
      Future<Pool> opened = migrate ? Database.openOne(vertx, config.db(), uri) : Database.openExisting(vertx, config.db(), uri);
      Pool pool = Await.result(opened, Await.STARTUP);
      return new CliRuntime(vertx, config, pool);
    } catch (RuntimeException e) {
      Await.result(vertx.close());
      throw e;
    }
  }

  /**
   * Where commands record the account changes webhooks tell: the wanted types are read from the database at each record (a
   * command makes few), and the running instances deliver them at their next poll.
   */
  UserEvents events() {
    SubscriptionRepository subscriptions = new SubscriptionRepository();
    return new UserEvents(() -> subscriptions.wantedTypes(pool), () -> { });
  }

  /** Writes an operator's action into the audit trail at once. */
  void audit(AuditEvent event) {
    Await.result(new AuditRepository().insert(pool, List.of(event)));
  }

  /**
   * The help desk's operations on this command's pool, built as the service builds them.
   *
   * @param audit where the operation records what it did
   */
  HelpDeskOperations helpDesk(AuditTrail audit) {
    return HelpDeskOperations.build(pool, LoginLockout.of(config.security().lockout()), audit);
  }

  /** The accounts of {@code loadTest.domains}: marked synthetic as they are written. */
  SyntheticAddresses syntheticAddresses() {
    return SyntheticAddresses.of(config.loadTest().domains());
  }

  /** The {@code users} table, marking synthetic accounts as the service does. */
  UserRepository users() {
    return new UserRepository(syntheticAddresses());
  }

  @Override
  public void close() {
    // Closed one after the other from this thread: a close chained on a Vert.x context completes on a dying event loop.
    Await.result(pool.close());
    Await.result(vertx.close());
  }
}
