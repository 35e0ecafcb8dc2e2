package io.lanyard.boot.cli;

import io.lanyard.boot.Lanyard;
import io.lanyard.platform.config.ConfigException;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.web.BindFailures;
import io.vertx.core.Vertx;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs the service until SIGTERM or SIGINT, then stops it gracefully and exits 0: readiness fails first and the instance keeps
 * serving for {@code http.drainPeriod}, so load balancers take it out before its port closes; then it stops accepting and
 * finishes the requests in flight. A second signal cuts the drain short.
 */
final class Server {

  private static final Logger log = LoggerFactory.getLogger(Server.class);
  /** Time given to closing connections after the HTTP shutdown timeout. */
  private static final Duration CLOSE_MARGIN = Duration.ofSeconds(5);

  private Server() {
  }

  static int run(LanyardConfig config) {
    Vertx vertx = Lanyard.createVertx(config.metrics());
    Lanyard lanyard;
    try {
      lanyard = Await.result(Lanyard.start(vertx, config), Await.STARTUP);
    } catch (RuntimeException e) {
      Await.result(vertx.close(), Await.SHORT);
      throw explain(e, config);
    }
    // the signal handlers first: whoever waits for "ready" may stop the service the moment it reads it
    CountDownLatch drainCut = new CountDownLatch(1);
    onTermination(() -> stop(vertx, lanyard, config.http(), drainCut), drainCut::countDown);
    log.info("Lanyard ready on port {} in {} ms ({} network transport)", lanyard.port(),
      ManagementFactory.getRuntimeMXBean().getUptime(), vertx.isNativeTransportEnabled() ? "epoll" : "NIO");
    return LanyardCommand.SERVING;
  }

  private static void stop(Vertx vertx, Lanyard lanyard, LanyardConfig.Http http, CountDownLatch drainCut) {
    log.info("Stopping: readiness fails from now on; serving {} ms more (http.drainPeriod) while load balancers take this "
      + "instance out", http.drainPeriod().toMillis());
    lanyard.drain();
    try {
      drainCut.await(http.drainPeriod().toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    log.info("Stopping: no new connections; finishing requests in flight");
    Duration bound = http.shutdownTimeout().plus(CLOSE_MARGIN);
    try {
      Await.result(lanyard.stop(), bound);
      Await.result(vertx.close());
      log.info("Stopped");
      System.exit(0);
    } catch (RuntimeException e) {
      log.error("Stopping failed: {}", e.getMessage());
      System.exit(1);
    }
  }

  /**
   * The JVM's own handling of SIGTERM exits 143; the service stops gracefully and exits 0 instead.
   *
   * @param again what a second signal does (an operator who will not wait for the drain)
   */
  private static void onTermination(Runnable stop, Runnable again) {
    AtomicBoolean stopping = new AtomicBoolean();
    for (String name : new String[] {"TERM", "INT"}) {
      Signal.handle(new Signal(name), signal -> {
        if (stopping.compareAndSet(false, true)) {
          new Thread(stop, "lanyard-shutdown").start();
        } else {
          again.run();
        }
      });
    }
  }

  private static RuntimeException explain(RuntimeException failure, LanyardConfig config) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof ConfigException problem) {
        return problem;
      }
      if (BindFailures.isBindFailure(cause)) {
        return new ConfigException("Cannot listen on setting http.port (LANYARD_HTTP_PORT) " + config.http().host() + ":"
          + config.http().port() + ": " + cause.getMessage());
      }
    }
    return failure;
  }
}
