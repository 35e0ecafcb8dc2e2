package io.lanyard.boot.cli;

import io.vertx.core.Future;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits for a future on the CLI's main thread, which is never a Vert.x thread: the one place the commands block. */
final class Await {

  static final Duration STARTUP = Duration.ofMinutes(2);
  static final Duration SHORT = Duration.ofSeconds(30);

  private Await() {
  }

  static <T> T result(Future<T> future, Duration bound) {
    try {
      return future.toCompletionStage().toCompletableFuture().get(bound.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException("No answer within " + bound.toSeconds() + " s", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted", e);
    }
  }

  static <T> T result(Future<T> future) {
    return result(future, SHORT);
  }
}
