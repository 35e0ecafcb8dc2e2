package io.lanyard.testing;

import io.vertx.core.Future;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Keeps tests linear: waits for a future on the JUnit thread (never an event loop). */
public final class Await {

  private Await() {
  }

  public static <T> T await(Future<T> future) {
    return await(future, 30);
  }

  public static <T> T await(Future<T> future, int seconds) {
    try {
      return future.toCompletionStage().toCompletableFuture().get(seconds, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Error error) {
        throw error; // an assertion made on the way (the OpenAPI contract of a reply)
      }
      throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
    } catch (InterruptedException | TimeoutException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The failure of a future that must fail. */
  public static Throwable failure(Future<?> future) {
    try {
      future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (InterruptedException | TimeoutException e) {
      throw new IllegalStateException(e);
    }
    throw new AssertionError("expected the future to fail, it succeeded with " + future.result());
  }
}
