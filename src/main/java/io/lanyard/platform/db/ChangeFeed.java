package io.lanyard.platform.db;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.pubsub.PgSubscriber;
import io.vertx.sqlclient.Tuple;
import io.vertx.sqlclient.impl.SocketConnectionBase;
import io.vertx.sqlclient.internal.Connection;
import io.vertx.sqlclient.internal.SqlConnectionInternal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * LISTEN/NOTIFY on one dedicated connection: how every instance of a deployment hears that a shared table changed. The
 * connection comes back after a failure; each listener is called again on (re)subscription, because notifications sent while
 * the connection was down are lost.
 *
 * <p>Whether the feed is <em>live</em>, that is whether a notification committed now will be heard, is known by proof, not
 * assumed: every {@link #HEARTBEAT_MS} the instance notifies a channel of its own on the feed's connection and waits to hear it
 * back. A lost connection, or a heartbeat not heard within {@link #LATE_MS} (a half-open connection, a stuck subscriber), makes
 * the feed not live at once, and watchers are told; a connection silent for {@link #DEAD_MS} is closed, so it is opened anew.
 * A polite close queues behind the requests the server never answered, and a half-open route would not carry the server's
 * end of it anyway: a connection still there {@link #FORCE_CLOSE_MS} later has its socket dropped.
 */
public final class ChangeFeed {

  private static final Logger log = LoggerFactory.getLogger(ChangeFeed.class);
  private static final long FIRST_RECONNECT_DELAY_MS = 100;
  private static final long RECONNECT_DELAY_MS = 1000;
  static final long HEARTBEAT_MS = 200;
  static final long LATE_MS = 600;
  static final long DEAD_MS = 5000;
  static final long FORCE_CLOSE_MS = 1000;
  private static final String HEARTBEAT = """
    SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)""";

  private final Vertx vertx;
  private final PgSubscriber subscriber;
  /** This instance's own channel: no other instance hears its heartbeats. */
  private final String heartbeatChannel = "lanyard_feed_" + UUID.randomUUID().toString().replace("-", "");
  private final List<Handler<Boolean>> watchers = new CopyOnWriteArrayList<>();
  private volatile boolean live;
  private volatile long lastHeard = System.nanoTime();
  private long heartbeats;
  private PgConnection closedForSilence;
  /** The connection the last beat saw, and since when: a new connection's silence counts from its opening, not before. */
  private PgConnection seen;
  private long seenSince;
  private long timer = -1;

  private ChangeFeed(Vertx vertx, PgSubscriber subscriber) {
    this.vertx = vertx;
    this.subscriber = subscriber;
  }

  public static Future<ChangeFeed> connect(Vertx vertx, DbUri uri) {
    PgConnectOptions options = uri.connectOptions();
    PgSubscriber subscriber = PgSubscriber.subscriber(vertx, options);
    ChangeFeed feed = new ChangeFeed(vertx, subscriber);
    subscriber.reconnectPolicy(retries -> {
      if (retries == 0) {
        log.warn("Change feed connection lost; reconnecting");
        feed.notLive("its connection was lost");
        return FIRST_RECONNECT_DELAY_MS;
      }
      return RECONNECT_DELAY_MS;
    });
    return subscriber.connect().map(connected -> feed.start());
  }

  private ChangeFeed start() {
    subscriber.channel(heartbeatChannel).handler(payload -> heard());
    timer = vertx.setPeriodic(HEARTBEAT_MS, id -> beat());
    return this;
  }

  /** @param onChange called with the notification payload, and with null after every (re)subscription */
  public void listen(String channel, Handler<String> onChange) {
    subscriber.channel(channel)
      .subscribeHandler(subscribed -> onChange.handle(null))
      .handler(onChange);
  }

  /**
   * @param onLive called with false as soon as notifications may be missed (the connection lost, a heartbeat late), and with
   *   true when the feed is heard again: every channel listened to, the instance's own heartbeat come back
   */
  public void watch(Handler<Boolean> onLive) {
    watchers.add(onLive);
  }

  /** Whether a notification committed now will be heard: the last heartbeat came back in time. */
  public boolean isLive() {
    return live && System.nanoTime() - lastHeard <= LATE_MS * 1_000_000;
  }

  /** The PostgreSQL backend of the LISTEN connection, when connected: what an operator (or a fault test) terminates. */
  public OptionalInt backendPid() {
    PgConnection connection = subscriber.actualConnection();
    return connection == null ? OptionalInt.empty() : OptionalInt.of(connection.processId());
  }

  public Future<Void> close() {
    vertx.cancelTimer(timer);
    live = false;
    return subscriber.close();
  }

  private void beat() {
    long now = System.nanoTime();
    long silentMs = (now - lastHeard) / 1_000_000;
    if (silentMs > LATE_MS) {
      notLive("no heartbeat heard for " + silentMs + " ms");
    }
    PgConnection connection = subscriber.actualConnection();
    if (connection == null) {
      return;
    }
    if (connection != seen) {
      seen = connection;
      seenSince = now;
    }
    // after an outage longer than DEAD_MS, a connection just opened has not had the time to carry a heartbeat back: closing it
    // at once would close every new one in turn
    long connectionSilentMs = (now - Math.max(lastHeard, seenSince)) / 1_000_000;
    if (connectionSilentMs > DEAD_MS) {
      closeSilent(connection, connectionSilentMs);
      return;
    }
    connection.preparedQuery(HEARTBEAT).execute(Tuple.of(heartbeatChannel, Long.toString(++heartbeats)));
  }

  /** A connection that carries nothing back may be half-open: closing it makes the subscriber open a new one. */
  private void closeSilent(PgConnection connection, long silentMs) {
    synchronized (this) {
      if (closedForSilence == connection) {
        return;
      }
      closedForSilence = connection;
    }
    log.warn("Change feed heard nothing for {} ms; reconnecting", silentMs);
    connection.close();
    vertx.setTimer(FORCE_CLOSE_MS, id -> {
      if (subscriber.actualConnection() == connection) {
        dropSocket(connection);
      }
    });
  }

  /**
   * Closes the connection's socket under it. The client's public API has no way to abandon a connection whose server does not
   * answer (its close is one more request in the queue), so this reaches the socket through the client's internal types.
   */
  private static void dropSocket(PgConnection connection) {
    Connection inner = ((SqlConnectionInternal) connection).unwrap().unwrap();
    if (inner instanceof SocketConnectionBase socketConnection) {
      log.warn("Change feed connection still open {} ms after closing it; dropping its socket", FORCE_CLOSE_MS);
      socketConnection.socket().close();
    } else {
      log.warn("Change feed connection still open {} ms after closing it, and its socket is out of reach ({})",
        FORCE_CLOSE_MS, inner.getClass().getName());
    }
  }

  private void heard() {
    lastHeard = System.nanoTime();
    if (!live) {
      synchronized (this) {
        if (live) {
          return;
        }
        live = true;
      }
      watchers.forEach(watcher -> watcher.handle(true));
    }
  }

  private void notLive(String reason) {
    synchronized (this) {
      if (!live) {
        return;
      }
      live = false;
    }
    log.warn("Change feed not live: {}", reason);
    watchers.forEach(watcher -> watcher.handle(false));
  }
}
