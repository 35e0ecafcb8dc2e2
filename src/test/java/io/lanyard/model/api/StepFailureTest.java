package io.lanyard.model.api;

import io.vertx.core.Future;
import io.vertx.core.VertxException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.core.impl.NoStackTraceThrowable;
import io.vertx.pgclient.PgException;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An operation's single failure mapping turns breakage into its internal code, and lets a refusal (an overload, a database
 * that cannot serve) through to its 503.
 */
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

  @Test
  void aDatabaseThatCannotServeIsAStorageRefusalNotAnInternalCode() {
    Future<Result> reply = Future.<Result>failedFuture(new ConnectException("Connection refused"))
      .recover(StepFailure.as(StatusCode.UPDATE_WRITE_FAILED))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.UPDATE_UNEXPECTED));

    assertThat(reply.cause()).isInstanceOf(StorageUnavailable.class);
    Reply refusal = ((Refusal) reply.cause()).reply();
    assertThat(refusal.status()).isEqualTo(503);
    assertThat(refusal.error().id()).isEqualTo("services.storage.unavailable");
    assertThat(refusal.headers()).containsEntry("Retry-After", "5");
  }

  @Test
  void aStatementPastItsDeadlineIsAStorageRefusalToRetrySoon() {
    Optional<Refusal> refusal = Refusal.from(new PgException("canceling statement due to lock timeout", "ERROR", "55P03", null));

    assertThat(refusal).containsInstanceOf(StorageUnavailable.class);
    assertThat(refusal.get().error().message()).isEqualTo("The database did not answer in time, retry later");
    assertThat(refusal.get().headers()).containsEntry("Retry-After", "1");
  }

  @Test
  void aBrokenQueryIsNoRefusal() {
    assertThat(Refusal.from(new PgException("relation \"nope\" does not exist", "ERROR", "42P01", null))).isEmpty();
    assertThat(Refusal.from(new IllegalStateException("a bug"))).isEmpty();
  }
}
