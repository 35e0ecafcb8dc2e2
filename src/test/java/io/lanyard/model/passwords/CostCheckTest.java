package io.lanyard.model.passwords;

import io.lanyard.platform.config.ConfigException;
import io.lanyard.testing.LogCapture;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** security.bcryptCost judged from one timed hash: fine, warned about past 1 s a hash, refused past 10 s. */
class CostCheckTest {

  private static final Duration COST_10_HASH = Duration.ofMillis(50);

  @Test
  void aCostThatHashesWellUnderASecondPassesWithoutAWord() {
    try (LogCapture log = LogCapture.of(CostCheck.class.getName())) {
      new CostCheck(12, COST_10_HASH).judge();

      assertThat(log.lines()).isEmpty();
    }
  }

  @Test
  void aCostOverASecondAHashIsOneWarningNamingTheSetting() {
    try (LogCapture log = LogCapture.of(CostCheck.class.getName())) {
      new CostCheck(15, COST_10_HASH).judge();

      assertThat(log.lines()).hasSize(1);
      assertThat(log.lines().get(0)).startsWith("WARN security.bcryptCost (LANYARD_BCRYPT_COST) 15 takes about 1.6 s a hash");
    }
  }

  @Test
  void aCostOverTenSecondsAHashIsRefusedNamingTheSetting() {
    assertThatThrownBy(() -> new CostCheck(20, COST_10_HASH).judge()).isInstanceOf(ConfigException.class)
      .hasMessageStartingWith("Invalid setting security.bcryptCost (LANYARD_BCRYPT_COST): 20 takes about 51.2 s a hash")
      .hasMessageNotContaining("\n");
  }

  @Test
  void aLowCostIsTimedAtItselfNotDoubled() {
    try (LogCapture log = LogCapture.of(CostCheck.class.getName())) {
      new CostCheck(4, Duration.ofMillis(900)).judge();

      assertThat(log.lines()).isEmpty();
    }
  }
}
