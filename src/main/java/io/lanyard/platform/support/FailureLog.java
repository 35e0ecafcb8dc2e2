package io.lanyard.platform.support;

import org.slf4j.Logger;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.LongSupplier;

/**
 * Logs a recurring failure once per class of failure and interval, not once per occurrence, and never with a stack trace:
 * a ten-second database outage under load writes a few lines that say what happened and how often, not thousands.
 */
public final class FailureLog {

  /** How often one class of failure may write a line. */
  public static final Duration INTERVAL = Duration.ofSeconds(10);

  private final Logger log;
  private final long intervalNanos;
  private final LongSupplier clock;
  private final ConcurrentMap<String, Window> windows = new ConcurrentHashMap<>();

  public FailureLog(Logger log) {
    this(log, INTERVAL, System::nanoTime);
  }

  /** @param clock nanoseconds, as {@link System#nanoTime()} */
  FailureLog(Logger log, Duration interval, LongSupplier clock) {
    this.log = log;
    this.intervalNanos = interval.toNanos();
    this.clock = clock;
  }

  /**
   * A WARN line for {@code message}, unless a line for {@code failureClass} was written less than an interval ago: then the
   * occurrence is only counted, and the next line says how many it stands for.
   */
  public void warn(String failureClass, String message) {
    long now = clock.getAsLong();
    long[] skipped = {-1};
    windows.compute(failureClass, (key, window) -> {
      if (window == null || now - window.loggedAt >= intervalNanos) {
        skipped[0] = window == null ? 0 : window.skipped;
        return new Window(now, 0);
      }
      return new Window(window.loggedAt, window.skipped + 1);
    });
    if (skipped[0] == 0) {
      log.warn(message);
    } else if (skipped[0] > 0) {
      log.warn("{} ({} more like it since the last such line)", message, skipped[0]);
    }
  }

  private record Window(long loggedAt, long skipped) {
  }
}
