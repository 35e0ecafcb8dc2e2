package io.lanyard.platform.db;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.pubsub.PgSubscriber;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * LISTEN/NOTIFY on one dedicated connection: how every instance of a deployment hears that a shared table changed. The
 * connection comes back after a failure; each listener is called again on (re)subscription, because notifications sent while
 * the connection was down are lost.
 */
public final class ChangeFeed {

  private static final Logger log = LoggerFactory.getLogger(ChangeFeed.class);
  private static final long RECONNECT_DELAY_MS = 1000;

  private final PgSubscriber subscriber;

  private ChangeFeed(PgSubscriber subscriber) {
    this.subscriber = subscriber;
  }

  public static Future<ChangeFeed> connect(Vertx vertx, DbUri uri) {
    PgConnectOptions options = uri.connectOptions();
    PgSubscriber subscriber = PgSubscriber.subscriber(vertx, options).reconnectPolicy(retries -> {
      if (retries == 0) {
        log.warn("Change feed connection lost; reconnecting");
      }
      return RECONNECT_DELAY_MS;
    });
    return subscriber.connect().map(connected -> new ChangeFeed(subscriber));
  }

  /** @param onChange called with the notification payload, and with null after every (re)subscription */
  public void listen(String channel, Handler<String> onChange) {
    subscriber.channel(channel)
      .subscribeHandler(subscribed -> onChange.handle(null))
      .handler(onChange);
  }

  public Future<Void> close() {
    return subscriber.close();
  }
}
