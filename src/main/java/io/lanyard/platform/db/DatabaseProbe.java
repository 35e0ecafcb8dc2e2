package io.lanyard.platform.db;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import org.flywaydb.core.api.MigrationVersion;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The readiness check's own connection to the database, outside every pool: a probe never waits for a connection behind
 * requests, and answers within its deadline whatever the database does. One probe runs at a time; probes arriving meanwhile
 * share its reading. A connection that failed or overran the deadline is closed, and the next probe opens a new one.
 */
public final class DatabaseProbe {

  private static final String PING = """
    SELECT 1""";
  /** How many deadlines a connect may stay under way before the next probe tries a new one. */
  private static final long STUCK_CONNECTS = 3;

  /**
   * What one probe saw.
   *
   * @param answers whether the database ran a statement within the deadline
   * @param applied the highest migration applied, when the schema history could be read
   */
  public record Reading(boolean answers, Optional<MigrationVersion> applied, Optional<Throwable> problem) {

    static Reading unreachable(Throwable problem) {
      return new Reading(false, Optional.empty(), Optional.of(problem));
    }
  }

  private final Vertx vertx;
  private final PgConnectOptions options;
  private final long deadlineMillis;
  private final SchemaHistory history = new SchemaHistory();
  private Future<PgConnection> connection;
  private long connectingSince;
  private Future<Reading> probing;
  private boolean closed;

  public DatabaseProbe(Vertx vertx, DbUri uri, Duration deadline) {
    this.vertx = vertx;
    this.deadlineMillis = deadline.toMillis();
    // the server gives up on the probe's statements by itself too
    this.options = uri.connectOptions().addProperty("statement_timeout", Long.toString(deadlineMillis))
      .addProperty("application_name", "lanyard-probe");
  }

  /** Pings the database and reads its schema version, within the deadline. */
  public synchronized Future<Reading> read() {
    if (probing != null) {
      return probing;
    }
    Promise<Reading> reading = Promise.promise();
    probing = reading.future();
    probe().timeout(deadlineMillis, TimeUnit.MILLISECONDS).onComplete(done -> {
      synchronized (this) {
        probing = null;
      }
      if (done.failed()) {
        discard();
        reading.complete(Reading.unreachable(done.cause()));
      } else {
        reading.complete(done.result());
      }
    });
    return reading.future();
  }

  public synchronized Future<Void> close() {
    closed = true;
    return discard();
  }

  private Future<Reading> probe() {
    return connect().compose(client -> client.query(PING).execute()
      .compose(pinged -> history.appliedVersion(client)
        .map(applied -> new Reading(true, applied, Optional.empty()))
        .otherwise(unreadable -> new Reading(true, Optional.empty(), Optional.of(unreadable)))));
  }

  /**
   * The probe's connection, opened when there is none. A connect still under way is shared by the probes that come meanwhile;
   * one under way for several deadlines (a server that took the connection and never answered) is given up for a new one,
   * and closed should it open after all.
   */
  private synchronized Future<PgConnection> connect() {
    if (closed) {
      return Future.failedFuture("the probe is closed");
    }
    boolean stuck = connection != null && !connection.isComplete()
      && System.nanoTime() - connectingSince > STUCK_CONNECTS * deadlineMillis * 1_000_000;
    if (connection == null || stuck) {
      Future<PgConnection> opening = PgConnection.connect(vertx, options);
      connection = opening;
      connectingSince = System.nanoTime();
      opening.onSuccess(opened -> keepOrClose(opening, opened)).onFailure(failed -> forget(opening));
    }
    return connection;
  }

  private synchronized void keepOrClose(Future<PgConnection> opening, PgConnection opened) {
    if (connection == opening) {
      opened.closeHandler(gone -> forget(opening));
    } else {
      opened.close();
    }
  }

  private synchronized void forget(Future<PgConnection> which) {
    if (connection == which) {
      connection = null;
    }
  }

  /** After a failed or overrunning probe: an open connection may hang, so it goes; a connect under way is kept. */
  private synchronized Future<Void> discard() {
    Future<PgConnection> current = connection;
    if (current == null || !current.isComplete() && !closed) {
      return Future.succeededFuture();
    }
    connection = null;
    return current.succeeded() ? current.result().close() : Future.succeededFuture();
  }
}
