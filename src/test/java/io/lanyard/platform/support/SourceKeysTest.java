package io.lanyard.platform.support;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SourceKeysTest {

  private final SourceKeys keys = new SourceKeys(AddressRanges.parse(List.of("10.0.0.0/8", "::1")));

  @Test
  void anIpv4SourceIsCountedAsItselfAndAnIpv6OneByItsSlash64() {
    assertThat(keys.countedAs("203.0.113.9")).contains("203.0.113.9");
    assertThat(keys.countedAs("2001:db8:1:2::1")).contains("20010db800010002/64");
    assertThat(keys.countedAs("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).contains("20010db800010002/64");
  }

  @Test
  void anAllowListedSourceIsNotCounted() {
    assertThat(keys.countedAs("10.20.30.40")).isEmpty();
    assertThat(keys.countedAs("::1")).isEmpty();
    assertThat(SourceKeys.NO_ALLOWLIST.countedAs("10.20.30.40")).contains("10.20.30.40");
  }

  @Test
  void aSourceThatIsNoAddressIsCountedAsItsText() {
    assertThat(keys.countedAs("operator")).contains("operator");
    assertThat(keys.countedAs(null)).contains("null");
  }
}
