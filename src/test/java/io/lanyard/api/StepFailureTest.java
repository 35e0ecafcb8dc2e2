package io.lanyard.api;

import io.vertx.core.Future;
import io.vertx.core.VertxException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.core.impl.NoStackTraceThrowable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** An operation's single failure mapping turns breakage into its internal code, and lets an overload through to the 503. */
class StepFailureTest {

  @Test
  void aFailureBecomesTheCodeOfItsStep() {
    Future<Result> reply = Future.<Result>failedFuture(new IllegalStateException("disk on fire"))
      .recover(StepFailure.as(StatusCode.CREATE_USER_INSERT_FAILED))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.CREATE_UNEXPECTED));

    assertThat(reply.result()).isEqualTo(Result.of(StatusCode.CREATE_USER_INSERT_FAILED));
  }

  @Test
  void anOverloadIsNeitherTaggedNorMapped() {
    Future<Result> reply = Future.<Result>failedFuture(new Overloaded("hash queue over budget", 3))
      .recover(StepFailure.as(StatusCode.CREATE_HASHING_FAILED))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.CREATE_UNEXPECTED));

    assertThat(reply.failed()).isTrue();
    assertThat(reply.cause()).isInstanceOf(Overloaded.class);
    assertThat(((Overloaded) reply.cause()).retryAfterSeconds()).isEqualTo(3);
  }

  @Test
  void theDatabasePoolsRefusalsAreOverloads() {
    Future<Result> queueFull = Future.<Result>failedFuture(new ConnectionPoolTooBusyException("max wait queue size of 1"))
      .recover(StepFailure.as(StatusCode.CREATE_USER_LOOKUP_FAILED))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.CREATE_UNEXPECTED));

    assertThat(queueFull.cause()).isInstanceOf(Overloaded.class);
    assertThat(Overloaded.of(new VertxException("Timeout waiting for connection", true))).isPresent();
    assertThat(Overloaded.of(new NoStackTraceThrowable("Timeout"))).isPresent();
    assertThat(Overloaded.of(new VertxException("Connection refused", true))).isEmpty();
  }
}
