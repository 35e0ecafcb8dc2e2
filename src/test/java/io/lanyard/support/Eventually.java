package io.lanyard.support;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for something the service does asynchronously (a mail delivered, a cache reloaded), within a bound. */
public final class Eventually {

  private Eventually() {
  }

  public static void until(BooleanSupplier condition, Duration bound, String what) {
    long deadline = System.nanoTime() + bound.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + bound.toMillis() + " ms: " + what);
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted while waiting for: " + what);
      }
    }
  }

  public static void until(BooleanSupplier condition, String what) {
    until(condition, Duration.ofSeconds(10), what);
  }
}
