package io.lanyard.platform.support;

import io.lanyard.testing.CapturedLogs;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** A live copy's failed reloads: reported while it runs, not when the stop (closing the pool under it) cut them short. */
class LiveCopyTest {

  private final Vertx vertx = Vertx.vertx();

  @AfterEach
  void closeVertx() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get();
  }

  @Test
  void aFailedReloadIsReportedWhileRunning() {
    Promise<String> load = Promise.promise();
    LiveCopy<String> copy = new LiveCopy<>("test copy", load::future);

    try (CapturedLogs logs = CapturedLogs.of(LiveCopy.class)) {
      copy.start(vertx, Duration.ofHours(1));
      load.fail(new IllegalStateException("connection lost"));

      assertThat(logs.lines()).containsExactly(
        "WARN Reloading test copy failed; keeping the last copy: java.lang.IllegalStateException: connection lost");
    }
  }

  @Test
  void aReloadCutShortByTheStopIsNotReportedAsAFailure() {
    Promise<String> load = Promise.promise();
    LiveCopy<String> copy = new LiveCopy<>("test copy", load::future);

    try (CapturedLogs logs = CapturedLogs.of(LiveCopy.class)) {
      Future<String> inFlight = copy.start(vertx, Duration.ofHours(1));
      copy.stop(vertx);
      load.fail(new IllegalStateException("Pool closed"));

      assertThat(inFlight.failed()).isTrue();
      assertThat(logs.lines()).isEmpty();
    }
  }
}
