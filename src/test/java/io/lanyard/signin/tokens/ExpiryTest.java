package io.lanyard.signin.tokens;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ExpiryTest {

  private static final long HOUR = 3_600_000L;
  private static final long THIRTY_DAYS = 30 * 24 * HOUR;

  private final Expiry bounded = new Expiry(HOUR, THIRTY_DAYS);
  private final Expiry unbounded = new Expiry(HOUR, Expiry.NEVER);

  @Test
  void absentMeansTheDefault() {
    assertThat(bounded.parse(null).ttlMillis()).isEqualTo(HOUR);
  }

  @Test
  void numbersAndDigitStringsAreMilliseconds() {
    assertThat(bounded.parse(60_000).ttlMillis()).isEqualTo(60_000);
    assertThat(bounded.parse(60_000L).ttlMillis()).isEqualTo(60_000);
    assertThat(bounded.parse("3600000").ttlMillis()).isEqualTo(HOUR);
    assertThat(bounded.parse(1500.4).ttlMillis()).isEqualTo(1500);
  }

  @Test
  void stringsUseTheMsSyntax() {
    assertThat(bounded.parse("12h").ttlMillis()).isEqualTo(12 * HOUR);
    assertThat(bounded.parse("1.5h").ttlMillis()).isEqualTo(HOUR * 3 / 2);
    assertThat(bounded.parse("30d").ttlMillis()).isEqualTo(THIRTY_DAYS);
  }

  @Test
  void zeroNegativeAndUnparsableAreInvalidArguments() {
    for (Object raw : new Object[] {0, "0", -5, "-5", "-2h", "abc", true, new Object(), Double.NaN}) {
      Expiry.Parsed parsed = bounded.parse(raw);
      assertThat(parsed.error()).withFailMessage(String.valueOf(raw)).isNotNull();
      assertThat(parsed.error().message()).isEqualTo("Invalid argument \"expiresIn\"");
      assertThat(parsed.error().status()).isEqualTo(400);
    }
  }

  @Test
  void overTheMaximumOrNeverWhileBoundedExceed() {
    for (Object raw : new Object[] {"31d", THIRTY_DAYS + 1, -1, "-1"}) {
      assertThat(bounded.parse(raw).error().message()).withFailMessage(String.valueOf(raw))
        .isEqualTo("expiresIn value exceeds maximum allowed value");
    }
  }

  @Test
  void neverIsAllowedWithoutAMaximum() {
    assertThat(unbounded.parse(-1).ttlMillis()).isEqualTo(Expiry.NEVER);
    assertThat(unbounded.parse("-1").error()).isNull();
    assertThat(unbounded.parse("10y").ttlMillis()).isEqualTo(315_576_000_000L);
  }
}
