package io.lanyard.passwords;

import io.lanyard.api.Overloaded;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The wait estimate and the sources' shares, fed with made-up durations: no clock is read, no time is asserted. */
class HashAdmissionTest {

  private static final long HASH = Duration.ofMillis(100).toNanos();

  @Test
  void admitsWithoutWaitWhileAThreadIsFree() {
    HashAdmission admission = new HashAdmission(2, Duration.ofNanos(1), HASH);

    assertThat(admission.admit("a")).isEmpty();
    assertThat(admission.admit("b")).isEmpty();
    assertThat(admission.admit("c")).isPresent();
    assertThat(admission.inFlight()).isEqualTo(2);
  }

  @Test
  void admitsWhileTheEstimatedWaitStaysWithinTheBudget() {
    // 2 threads, 100 ms a hash: each queued hash adds 50 ms of wait; a 1 s budget holds 2 running and 20 queued
    HashAdmission admission = new HashAdmission(2, Duration.ofSeconds(1), HASH);

    for (int i = 0; i < 22; i++) {
      assertThat(admission.admit("source-" + i)).as("hash %d", i).isEmpty();
    }
    Optional<Overloaded> refused = admission.admit("one-more");

    assertThat(refused).isPresent();
    assertThat(refused.get().retryAfterSeconds()).isEqualTo(2);
    assertThat(admission.inFlight()).isEqualTo(22);
  }

  @Test
  void aFinishedHashMakesRoomAndTeachesTheAverage() {
    HashAdmission admission = new HashAdmission(1, Duration.ofMillis(150), HASH);
    assertThat(admission.admit("a")).isEmpty();
    assertThat(admission.admit("b")).isEmpty();
    assertThat(admission.admit("c")).isPresent();

    admission.finished("a", HASH);
    assertThat(admission.admit("c")).isEmpty();
    // a hash ten times slower than the start measure: one queued hash now waits longer than the budget
    admission.finished("b", 10 * HASH);

    assertThat(admission.admit("d")).isPresent();
  }

  @Test
  void aSourceAloneMayHoldAllButTheRoomKeptForOthers() {
    // capacity 22 (see above), a quarter of it (5) kept: a lone source gets 17, and the others find the rest
    HashAdmission admission = new HashAdmission(2, Duration.ofSeconds(1), HASH);

    int flooder = 0;
    while (admission.admit("flood").isEmpty()) {
      flooder++;
    }

    assertThat(flooder).isEqualTo(17);
    assertThat(admission.admit("person")).isEmpty();
    assertThat(admission.admit("another person")).isEmpty();
    assertThat(admission.admit("flood")).as("still over its share").isPresent();
  }

  @Test
  void theShareShrinksAsMoreSourcesHoldPlaces() {
    HashAdmission admission = new HashAdmission(2, Duration.ofSeconds(1), HASH);
    for (int i = 0; i < 11; i++) {
      admission.admit("flood");
    }
    admission.admit("person");

    // past the free part of the queue, with two sources holding places, each may hold a third of the 22
    assertThat(admission.admit("person")).isEmpty();
    int more = 2;
    while (admission.admit("person").isEmpty()) {
      more++;
    }
    assertThat(more).isEqualTo(7);
  }

  @Test
  void everySourceKeepsEveryThreadBusyEvenWithATinyQueue() {
    // a budget that holds no queue at all: the share never goes under the number of threads
    HashAdmission admission = new HashAdmission(4, Duration.ofNanos(1), HASH);

    for (int i = 0; i < 4; i++) {
      assertThat(admission.admit("only")).as("hash %d", i).isEmpty();
    }
  }

  @Test
  void aPlaceGivenBackUnusedFreesTheSourcesShareWithoutTeachingTheAverage() {
    HashAdmission admission = new HashAdmission(1, Duration.ofMillis(150), HASH);
    assertThat(admission.admit("a")).isEmpty();
    assertThat(admission.admit("b")).isEmpty();

    admission.released("b");
    admission.released("a");

    assertThat(admission.inFlight()).isZero();
    assertThat(admission.admit("c")).isEmpty();
    assertThat(admission.admit("d")).as("the average is still 100 ms: one queued hash fits").isEmpty();
  }
}
