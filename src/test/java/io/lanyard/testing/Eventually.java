package io.lanyard.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Polls a condition on the JUnit thread until it holds (a mail delivered, a cache reloaded), within a bound. */
public final class Eventually {

  private static final long POLL_MS = 20;

  private Eventually() {
  }

  /** @return how long the condition took to hold; fails the test when it did not within {@code bound} */
  public static Duration within(Duration bound, String what, BooleanSupplier condition) {
    long started = System.nanoTime();
    long deadline = started + bound.toNanos();
    while (true) {
      if (condition.getAsBoolean()) {
        return Duration.ofNanos(System.nanoTime() - started);
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError(what + ": not within " + bound.toMillis() + " ms");
      }
      pause(POLL_MS);
    }
  }

  public static void until(BooleanSupplier condition, Duration bound, String what) {
    within(bound, what, condition);
  }

  public static void until(BooleanSupplier condition, String what) {
    within(Duration.ofSeconds(10), what, condition);
  }

  public static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
