package io.lanyard.platform.config;

import org.junit.jupiter.api.Test;

import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

class DurationSyntaxTest {

  @Test
  void readsEveryUnitInShortAndLongForms() {
    assertThat(DurationSyntax.parseMillis("500ms")).hasValue(500);
    assertThat(DurationSyntax.parseMillis("90s")).hasValue(90_000);
    assertThat(DurationSyntax.parseMillis("2m")).hasValue(120_000);
    assertThat(DurationSyntax.parseMillis("12h")).hasValue(43_200_000);
    assertThat(DurationSyntax.parseMillis("7d")).hasValue(604_800_000);
    assertThat(DurationSyntax.parseMillis("1w")).hasValue(604_800_000);
    assertThat(DurationSyntax.parseMillis("1y")).hasValue(31_557_600_000L);
    assertThat(DurationSyntax.parseMillis("12 hours")).hasValue(43_200_000);
    assertThat(DurationSyntax.parseMillis("1 minute")).hasValue(60_000);
    assertThat(DurationSyntax.parseMillis("3 msecs")).hasValue(3);
    assertThat(DurationSyntax.parseMillis("2 yrs")).hasValue(63_115_200_000L);
  }

  @Test
  void isCaseInsensitiveAndTakesDecimals() {
    assertThat(DurationSyntax.parseMillis("1.5h")).hasValue(5_400_000);
    assertThat(DurationSyntax.parseMillis("1.5H")).hasValue(5_400_000);
    assertThat(DurationSyntax.parseMillis(".5s")).hasValue(500);
    assertThat(DurationSyntax.parseMillis("2 Days")).hasValue(172_800_000);
  }

  @Test
  void aBareNumberIsMilliseconds() {
    assertThat(DurationSyntax.parseMillis("3600000")).hasValue(3_600_000);
    assertThat(DurationSyntax.parseMillis("-1")).hasValue(-1);
  }

  @Test
  void refusesWhatIsNotADuration() {
    for (String text : new String[] {"", "abc", "12x", "1h30", "h", "1..5h", "--1", "1e3", "12 hours ago", "9".repeat(400)}) {
      assertThat(DurationSyntax.parseMillis(text)).withFailMessage(text).isEqualTo(OptionalLong.empty());
    }
    assertThat(DurationSyntax.parseMillis(null)).isEmpty();
  }
}
