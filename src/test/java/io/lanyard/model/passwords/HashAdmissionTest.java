package io.lanyard.model.passwords;

import io.lanyard.model.api.Overloaded;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The wait estimate and the sources' shares, fed with made-up durations: no clock is read, no time is asserted. */
class HashAdmissionTest {

  private static final long HASH = Duration.ofMillis(100).toNanos();

  /** The admissions' clock: it moves only when a test moves it. */
  private final AtomicLong now = new AtomicLong();

  @Test
  void admitsWithoutWaitWhileAThreadIsFree() {
    HashAdmission admission = admission(2, Duration.ofNanos(1));

    assertThat(admission.admit("a")).isEmpty();
    assertThat(admission.admit("b")).isEmpty();
    assertThat(admission.admit("c")).isPresent();
    assertThat(admission.inFlight()).isEqualTo(2);
  }

  @Test
  void admitsWhileTheEstimatedWaitStaysWithinTheBudget() {
    // 2 threads, 100 ms a hash: each queued hash adds 50 ms of wait; a 1 s budget holds 2 running and 20 queued
    HashAdmission admission = admission(2, Duration.ofSeconds(1));

    for (int i = 0; i < 22; i++) {
      assertThat(admission.admit("source-" + i, HashPriority.MARKED)).as("hash %d", i).isEmpty();
    }
    Optional<Overloaded> refused = admission.admit("one-more", HashPriority.MARKED);

    assertThat(refused).isPresent();
    assertThat(refused.get().retryAfterSeconds()).isEqualTo(2);
    assertThat(admission.inFlight()).isEqualTo(22);
  }

  @Test
  void ordinaryWorkFromManySourcesLeavesTheReserveToReturningPeople() {
    // capacity 22: a quarter (5) is the reserve; returning names may use half of it (3, rounded up), marked clients all of it
    HashAdmission admission = admission(2, Duration.ofSeconds(1));

    int flood = 0;
    while (admission.admit("bot-" + flood).isEmpty()) {
      flood++;
    }

    assertThat(flood).as("one hash per source, from ever new sources").isEqualTo(17);
    assertThat(admission.admit("returning-1", HashPriority.RETURNING)).isEmpty();
    assertThat(admission.admit("returning-2", HashPriority.RETURNING)).isEmpty();
    assertThat(admission.admit("returning-3", HashPriority.RETURNING)).isEmpty();
    assertThat(admission.admit("returning-4", HashPriority.RETURNING)).isPresent();
    assertThat(admission.admit("marked-1", HashPriority.MARKED)).isEmpty();
    assertThat(admission.admit("marked-2", HashPriority.MARKED)).isEmpty();
    assertThat(admission.admit("marked-3", HashPriority.MARKED)).as("the budget bounds the reserve too").isPresent();
    assertThat(admission.admit("bot-new")).isPresent();
  }

  @Test
  void suspectSourcesFillHalfOfTheOrdinaryPartAndFailedOnesThreeQuartersLeavingTheRestToCleanRecords() {
    // capacity 22, 17 of it ordinary: suspect sources may fill 8 places, sources that failed lately 12, clean records 17
    HashAdmission admission = admission(2, Duration.ofSeconds(1));

    int suspects = 0;
    while (admission.admit("suspect-" + suspects, HashPriority.SUSPECT).isEmpty()) {
      suspects++;
    }
    int failed = 0;
    while (admission.admit("failed-" + failed, HashPriority.FAILED).isEmpty()) {
      failed++;
    }

    assertThat(suspects).isEqualTo(8);
    assertThat(failed).as("up to three quarters, behind the suspects' half").isEqualTo(4);
    assertThat(admission.admit("first-timer-1")).isEmpty();
    assertThat(admission.admit("suspect-new", HashPriority.SUSPECT)).isPresent();
    assertThat(admission.admit("failed-new", HashPriority.FAILED)).isPresent();
    int clean = 1;
    while (admission.admit("first-timer-" + (clean + 1)).isEmpty()) {
      clean++;
    }
    assertThat(clean).isEqualTo(5);
    assertThat(admission.admit("returning", HashPriority.RETURNING)).as("the reserve, untouched").isEmpty();
    assertThat(admission.refusals(HashPriority.SUSPECT)).isEqualTo(2);
    assertThat(admission.refusals(HashPriority.FAILED)).isEqualTo(2);
    assertThat(admission.refusals(HashPriority.ORDINARY)).isEqualTo(1);
  }

  @Test
  void suspectSourcesShareTheirHalfAsSourcesShareTheOrdinaryPart() {
    HashAdmission admission = admission(2, Duration.ofSeconds(1));

    int lone = 0;
    while (admission.admit("suspect", HashPriority.SUSPECT).isEmpty()) {
      lone++;
    }

    // of its 8 places, a quarter (2) is room for suspect sources holding none
    assertThat(lone).isEqualTo(6);
    assertThat(admission.admit("another suspect", HashPriority.SUSPECT)).isEmpty();
    assertThat(admission.admit("a third suspect", HashPriority.SUSPECT)).isEmpty();
    assertThat(admission.admit("a fourth suspect", HashPriority.SUSPECT)).as("their half is full").isPresent();
  }

  @Test
  void aFinishedHashMakesRoomAndTeachesTheAverage() {
    HashAdmission admission = admission(1, Duration.ofMillis(150));
    assertThat(admission.admit("a")).isEmpty();
    assertThat(admission.admit("b")).isEmpty();
    assertThat(admission.admit("c")).isPresent();

    admission.finished("a", HASH, HASH);
    assertThat(admission.admit("c")).isEmpty();
    // a hash ten times slower than the start measure: one queued hash now waits longer than the budget
    admission.finished("b", 10 * HASH, 10 * HASH);

    assertThat(admission.admit("d")).isPresent();
  }

  @Test
  void aSourceAloneMayHoldAllButTheRoomKeptForOthers() {
    // capacity 22 (see above), 17 of it ordinary, a quarter of that (4) kept: a lone source gets 13, the others the rest
    HashAdmission admission = admission(2, Duration.ofSeconds(1));

    int flooder = 0;
    while (admission.admit("flood").isEmpty()) {
      flooder++;
    }

    assertThat(flooder).isEqualTo(13);
    assertThat(admission.admit("person")).isEmpty();
    assertThat(admission.admit("another person")).isEmpty();
    assertThat(admission.admit("flood")).as("still over its share").isPresent();
  }

  @Test
  void theShareShrinksAsMoreSourcesHoldPlaces() {
    HashAdmission admission = admission(2, Duration.ofSeconds(1));
    for (int i = 0; i < 11; i++) {
      admission.admit("flood");
    }
    admission.admit("person");

    // past the free part of the queue, with two sources holding places, each may hold a third of the 17 ordinary places
    assertThat(admission.admit("person")).isEmpty();
    int more = 2;
    while (admission.admit("person").isEmpty()) {
      more++;
    }
    assertThat(more).isEqualTo(5);
  }

  @Test
  void aSourceAloneKeepsEveryThreadBusyEvenWithATinyQueue() {
    // a budget that holds no queue at all: the share of a source alone never goes under the number of threads
    HashAdmission admission = admission(4, Duration.ofNanos(1));

    for (int i = 0; i < 4; i++) {
      assertThat(admission.admit("only")).as("hash %d", i).isEmpty();
    }
  }

  @Test
  void pastTheFreePartEachOfManySourcesHoldsOnePlace() {
    // 17 ordinary places, 13 of them free: past that, with 13 sources holding places, the threads give each one place
    HashAdmission admission = admission(2, Duration.ofSeconds(1));
    for (int i = 0; i < 13; i++) {
      assertThat(admission.admit("bot-" + i)).isEmpty();
    }

    assertThat(admission.admit("bot-0")).as("a second place for one of many").isPresent();
    assertThat(admission.admit("person")).as("a first place").isEmpty();
  }

  @Test
  void aPlaceGivenBackUnusedFreesTheSourcesShareWithoutTeachingTheAverage() {
    HashAdmission admission = admission(1, Duration.ofMillis(150));
    assertThat(admission.admit("a")).isEmpty();
    assertThat(admission.admit("b")).isEmpty();

    admission.released("b");
    admission.released("a");

    assertThat(admission.inFlight()).isZero();
    assertThat(admission.admit("c")).isEmpty();
    assertThat(admission.admit("d")).as("the average is still 100 ms: one queued hash fits").isEmpty();
  }

  @Test
  void contentionLearnedBeforeTheQueueEmptiedIsForgottenAfterASecondIdle() {
    HashAdmission admission = admission(1, Duration.ofMillis(150));
    // two hashes that ran ten times longer than their CPU time: the cores were busy with other work
    admission.admit("a");
    admission.admit("b");
    admission.finished("a", 10 * HASH, HASH);
    admission.finished("b", 10 * HASH, HASH);

    // at once, the contention still counts: a queued hash would wait longer than the budget
    assertThat(admission.admit("c")).isEmpty();
    assertThat(admission.admit("d")).isPresent();
    admission.released("c");
    now.addAndGet(HashAdmission.FORGET_AFTER_IDLE.toNanos());

    // a second later with nothing queued, a hash is expected to take its CPU time: one queued hash fits again
    assertThat(admission.admit("c")).isEmpty();
    assertThat(admission.admit("d")).isEmpty();
    assertThat(admission.admit("e")).isPresent();
  }

  @Test
  void contentionIsNotForgottenWhileHashesAreQueued() {
    HashAdmission admission = admission(1, Duration.ofMillis(150));
    admission.admit("a");
    admission.admit("b");
    admission.finished("a", 10 * HASH, HASH);

    now.addAndGet(10 * HashAdmission.FORGET_AFTER_IDLE.toNanos());

    assertThat(admission.admit("c")).as("b still waits: the queue never emptied").isPresent();
  }

  private HashAdmission admission(int threads, Duration budget) {
    return new HashAdmission(threads, budget, HASH, now::get);
  }
}
