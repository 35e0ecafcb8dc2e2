package io.lanyard.services.throttling;

import io.lanyard.model.api.TooManyRequests;
import io.lanyard.platform.config.Rate;
import io.lanyard.platform.support.AddressRanges;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.lanyard.services.throttling.SourceRates.Kind.CREDENTIALS;
import static io.lanyard.services.throttling.SourceRates.Kind.MAIL;
import static org.assertj.core.api.Assertions.assertThat;

class SourceRatesTest {

  private static final Rate TWO_AN_HOUR = new Rate(2, Duration.ofHours(1));

  @Test
  void aSourceOverItsRateIsRefusedWithTheWaitForItsNextRequestWhileOthersGoOn() {
    SourceRates rates = SourceRates.of(Map.of(CREDENTIALS, TWO_AN_HOUR), AddressRanges.NONE, 100);

    assertThat(rates.take(CREDENTIALS, "203.0.113.1")).isEmpty();
    assertThat(rates.take(CREDENTIALS, "203.0.113.1")).isEmpty();
    Optional<TooManyRequests> refused = rates.take(CREDENTIALS, "203.0.113.1");

    assertThat(refused).isPresent();
    assertThat(refused.get().reason()).isEqualTo(TooManyRequests.Reason.SOURCE_RATE);
    assertThat(refused.get().retryAfterSeconds()).isBetween(1790L, 1800L);
    assertThat(refused.get().error().id()).isEqualTo("api.process.too_many_requests");
    assertThat(rates.take(CREDENTIALS, "203.0.113.2")).isEmpty();
  }

  @Test
  void eachKindIsABudgetOfItsOwnAndAKindWithoutARateIsNeverRefused() {
    SourceRates rates = SourceRates.of(Map.of(MAIL, new Rate(1, Duration.ofHours(1))), AddressRanges.NONE, 100);

    assertThat(rates.take(MAIL, "203.0.113.1")).isEmpty();
    assertThat(rates.take(MAIL, "203.0.113.1")).isPresent();
    for (int i = 0; i < 100; i++) {
      assertThat(rates.take(CREDENTIALS, "203.0.113.1")).isEmpty();
    }
    assertThat(SourceRates.none().take(MAIL, "203.0.113.1")).isEmpty();
  }

  @Test
  void allowListedSourcesSpendNothingAndAreNotRemembered() {
    SourceRates rates = SourceRates.of(Map.of(CREDENTIALS, TWO_AN_HOUR), AddressRanges.parse(List.of("10.0.0.0/8", "::1")),
      100);

    for (int i = 0; i < 50; i++) {
      assertThat(rates.take(CREDENTIALS, "10.20.30.40")).isEmpty();
      assertThat(rates.take(CREDENTIALS, "::1")).isEmpty();
    }
    assertThat(rates.size(CREDENTIALS)).isZero();
  }

  @Test
  void anIpv6ClientIsCountedByItsSlash64() {
    SourceRates rates = SourceRates.of(Map.of(CREDENTIALS, TWO_AN_HOUR), AddressRanges.NONE, 100);

    rates.take(CREDENTIALS, "2001:db8:1:2::1");
    rates.take(CREDENTIALS, "2001:db8:1:2:aaaa:bbbb:cccc:dddd");

    assertThat(rates.take(CREDENTIALS, "2001:db8:1:2::ffff")).isPresent();
    assertThat(rates.take(CREDENTIALS, "2001:db8:1:3::1")).isEmpty();
  }

  @Test
  void aSourceThatIsNoAddressIsLimitedAsItsText() {
    SourceRates rates = SourceRates.of(Map.of(CREDENTIALS, new Rate(1, Duration.ofHours(1))), AddressRanges.NONE, 100);

    assertThat(rates.take(CREDENTIALS, "unknown")).isEmpty();

    assertThat(rates.take(CREDENTIALS, "unknown")).isPresent();
  }

  @Test
  void manySourcesNeverHoldMoreThanTheBound() {
    SourceRates rates = SourceRates.of(Map.of(CREDENTIALS, TWO_AN_HOUR), AddressRanges.NONE, 1000);

    for (int i = 0; i < 50_000; i++) {
      rates.take(CREDENTIALS, "10." + (i >> 16 & 255) + "." + (i >> 8 & 255) + "." + (i & 255));
      assertThat(rates.size(CREDENTIALS)).isLessThanOrEqualTo(1001);
    }
  }
}
