package io.lanyard.model.passwords;

import io.lanyard.platform.support.AddressRanges;
import io.lanyard.platform.support.SourceKeys;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static io.lanyard.model.passwords.HashPriority.FAILED;
import static io.lanyard.model.passwords.HashPriority.ORDINARY;
import static io.lanyard.model.passwords.HashPriority.SUSPECT;
import static org.assertj.core.api.Assertions.assertThat;

/** The sources' records, on a clock that moves only when a test moves it. */
class SuspectSourcesTest {

  private static final Duration WINDOW = Duration.ofMinutes(15);

  private final AtomicLong now = new AtomicLong();
  private final SuspectSources sources = new SuspectSources(3, WINDOW,
    new SourceKeys(AddressRanges.parse(List.of("192.0.2.0/24"))), 100, now::get);

  @Test
  void aSourceIsCleanThenFailedThenSuspectAtTheThreshold() {
    assertThat(sources.priorityOf("203.0.113.1")).isEqualTo(ORDINARY);

    sources.failed("203.0.113.1");
    assertThat(sources.priorityOf("203.0.113.1")).isEqualTo(FAILED);
    sources.failed("203.0.113.1");
    assertThat(sources.priorityOf("203.0.113.1")).isEqualTo(FAILED);
    sources.failed("203.0.113.1");

    assertThat(sources.priorityOf("203.0.113.1")).isEqualTo(SUSPECT);
    assertThat(sources.suspects()).isEqualTo(1);
    assertThat(sources.priorityOf("203.0.113.2")).as("another source").isEqualTo(ORDINARY);
  }

  @Test
  void aSuccessForgetsTheFailures() {
    for (int i = 0; i < 5; i++) {
      sources.failed("203.0.113.1");
    }

    sources.succeeded("203.0.113.1");

    assertThat(sources.priorityOf("203.0.113.1")).isEqualTo(ORDINARY);
    assertThat(sources.suspects()).isZero();
    assertThat(sources.size()).isZero();
  }

  @Test
  void theWindowSlides() {
    sources.failed("203.0.113.1");
    now.addAndGet(Duration.ofMinutes(10).toNanos());
    sources.failed("203.0.113.1");
    sources.failed("203.0.113.1");
    assertThat(sources.priorityOf("203.0.113.1")).isEqualTo(SUSPECT);

    // the first failure leaves the window: two remain within it
    now.addAndGet(Duration.ofMinutes(5).toNanos());
    assertThat(sources.priorityOf("203.0.113.1")).isEqualTo(FAILED);
    assertThat(sources.suspects()).isZero();
    sources.failed("203.0.113.1");
    assertThat(sources.priorityOf("203.0.113.1")).isEqualTo(SUSPECT);

    // all of them leave it: a clean record again, and the source is no longer held
    now.addAndGet(WINDOW.toNanos());
    assertThat(sources.priorityOf("203.0.113.1")).isEqualTo(ORDINARY);
    assertThat(sources.size()).isZero();
  }

  @Test
  void anAllowListedSourceIsNeverSuspectNorHeld() {
    for (int i = 0; i < 10; i++) {
      sources.failed("192.0.2.7");
    }

    assertThat(sources.priorityOf("192.0.2.7")).isEqualTo(ORDINARY);
    assertThat(sources.size()).isZero();
  }

  @Test
  void anIpv6ClientIsCountedByItsSlash64() {
    sources.failed("2001:db8:1:2::1");
    sources.failed("2001:db8:1:2::2");
    sources.failed("2001:db8:1:2::3");

    assertThat(sources.priorityOf("2001:db8:1:2::ffff")).isEqualTo(SUSPECT);
    assertThat(sources.priorityOf("2001:db8:1:3::1")).isEqualTo(ORDINARY);
  }

  @Test
  void theTableKeepsItsBoundByForgettingTheLeastRecentlySeen() {
    for (int i = 0; i < 3; i++) {
      sources.failed("203.0.113.1");
    }
    for (int i = 0; i < 1_000; i++) {
      sources.failed("10.0." + (i >> 8) + "." + (i & 255));
      if (i % 50 == 0) {
        // seen again: the suspect stays among the most recent
        assertThat(sources.priorityOf("203.0.113.1")).isEqualTo(SUSPECT);
      }
      assertThat(sources.size()).isLessThanOrEqualTo(100);
    }

    assertThat(sources.priorityOf("203.0.113.1")).isEqualTo(SUSPECT);
    assertThat(sources.priorityOf("10.0.0.0")).as("the oldest, forgotten").isEqualTo(ORDINARY);
    assertThat(sources.priorityOf("10.0.3.231")).as("the newest").isEqualTo(FAILED);
  }

  @Test
  void noneCountsNobody() {
    for (int i = 0; i < 10; i++) {
      SuspectSources.NONE.failed("203.0.113.1");
    }

    assertThat(SuspectSources.NONE.priorityOf("203.0.113.1")).isEqualTo(ORDINARY);
    assertThat(SuspectSources.NONE.size()).isZero();
  }
}
