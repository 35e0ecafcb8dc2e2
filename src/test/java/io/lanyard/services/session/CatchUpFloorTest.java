package io.lanyard.services.session;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CatchUpFloorTest {

  private static final long MARGIN = 30_000;

  private final CatchUpFloor floor = new CatchUpFloor(MARGIN);

  @Test
  void afterTheLoadCatchUpsReadFromBelowEverythingWrittenWithinTheMarginBeforeIt() {
    floor.loaded(new RevocationRepository.Mark(100_000, 500), 420);

    assertThat(floor.current()).isEqualTo(420);
    floor.caughtUp(new RevocationRepository.Mark(105_000, 510));
    assertThat(floor.current()).isEqualTo(420);
    assertThat(floor.highWater()).isEqualTo(510);
  }

  @Test
  void theFloorIsTheMarkOfTheLastReadAMarginBeforeTheLatestOne() {
    floor.loaded(new RevocationRepository.Mark(100_000, 500), 420);
    floor.caughtUp(new RevocationRepository.Mark(110_000, 510));
    floor.caughtUp(new RevocationRepository.Mark(120_000, 530));
    floor.caughtUp(new RevocationRepository.Mark(130_000, 560));

    assertThat(floor.current()).isEqualTo(500);
    floor.caughtUp(new RevocationRepository.Mark(145_000, 600));
    assertThat(floor.current()).isEqualTo(510);
  }

  @Test
  void aLongOutageMovesNothingUntilAReadSucceeds() {
    floor.loaded(new RevocationRepository.Mark(100_000, 500), 420);
    floor.caughtUp(new RevocationRepository.Mark(110_000, 510));
    // minutes without a successful read: no call at all; the next read still starts a margin behind the last one
    floor.caughtUp(new RevocationRepository.Mark(400_000, 900));

    assertThat(floor.current()).isEqualTo(510);
  }
}
