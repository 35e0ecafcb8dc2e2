package io.lanyard.passwords;

import io.lanyard.api.Overloaded;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The wait estimate, fed with made-up durations: no clock is read, no time is asserted. */
class HashAdmissionTest {

  private static final long HASH = Duration.ofMillis(100).toNanos();

  @Test
  void admitsWithoutWaitWhileAThreadIsFree() {
    HashAdmission admission = new HashAdmission(2, Duration.ofNanos(1), HASH);

    assertThat(admission.admit()).isEmpty();
    assertThat(admission.admit()).isEmpty();
    assertThat(admission.admit()).isPresent();
    assertThat(admission.inFlight()).isEqualTo(2);
  }

  @Test
  void admitsWhileTheEstimatedWaitStaysWithinTheBudget() {
    // 2 threads, 100 ms a hash: each queued hash adds 50 ms of wait; a 1 s budget holds 2 running and 20 queued
    HashAdmission admission = new HashAdmission(2, Duration.ofSeconds(1), HASH);

    for (int i = 0; i < 22; i++) {
      assertThat(admission.admit()).as("hash %d", i).isEmpty();
    }
    Optional<Overloaded> refused = admission.admit();

    assertThat(refused).isPresent();
    assertThat(refused.get().retryAfterSeconds()).isEqualTo(2);
    assertThat(admission.inFlight()).isEqualTo(22);
  }

  @Test
  void aFinishedHashMakesRoomAndTeachesTheAverage() {
    HashAdmission admission = new HashAdmission(1, Duration.ofMillis(150), HASH);
    assertThat(admission.admit()).isEmpty();
    assertThat(admission.admit()).isEmpty();
    assertThat(admission.admit()).isPresent();

    admission.finished(HASH);
    assertThat(admission.admit()).isEmpty();
    // a hash ten times slower than the start measure: one queued hash now waits longer than the budget
    admission.finished(10 * HASH);

    assertThat(admission.admit()).isPresent();
  }
}
