package io.lanyard.platform.support;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * An in-memory copy of something kept in the database, read on the request path with no round trip. It reloads when told
 * (a NOTIFY from another instance or the CLI) and on a timer as a fallback. A failed reload keeps the last good copy; only a
 * copy that was never loaded makes readers fail.
 */
public final class LiveCopy<T> {

  private static final Logger log = LoggerFactory.getLogger(LiveCopy.class);
  /** Reloads fail at every interval while the database is down: one line per copy and interval says so. */
  private static final FailureLog failures = new FailureLog(log);

  private final String name;
  private final Supplier<Future<T>> loader;
  private volatile T current;
  private Future<T> loading;
  private long timerId = -1;
  // Once stopped, the pool is about to close: a reload it cuts short is no failure to report.
  private volatile boolean stopped;

  public LiveCopy(String name, Supplier<Future<T>> loader) {
    this.name = name;
    this.loader = loader;
  }

  /** Loads once, then reloads every {@code interval}. */
  public Future<T> start(Vertx vertx, Duration interval) {
    timerId = vertx.setPeriodic(interval.toMillis(), id -> reload());
    return reload();
  }

  public void stop(Vertx vertx) {
    stopped = true;
    if (timerId >= 0) {
      vertx.cancelTimer(timerId);
    }
  }

  /** The current copy; when none was ever loaded, one load attempt. */
  public Future<T> get() {
    T copy = current;
    return copy != null ? Future.succeededFuture(copy) : reload();
  }

  /** Reloads now; concurrent calls share one load. */
  public synchronized Future<T> reload() {
    if (loading != null) {
      return loading;
    }
    Promise<T> promise = Promise.promise();
    loading = promise.future();
    Future<T> attempt;
    try {
      attempt = loader.get();
    } catch (RuntimeException e) {
      attempt = Future.failedFuture(e);
    }
    attempt.onComplete(result -> {
      synchronized (this) {
        loading = null;
      }
      if (result.succeeded()) {
        current = result.result();
      } else if (!stopped) {
        failures.warn(name, "Reloading " + name + " failed; keeping the last copy: " + result.cause());
      }
      promise.handle(result);
    });
    return promise.future();
  }
}
