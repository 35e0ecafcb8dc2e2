package io.lanyard.model.accounts;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SyntheticAddressesTest {

  private final SyntheticAddresses synthetic = SyntheticAddresses.of(List.of("loadtest.invalid", "perf.fair.example"));

  @Test
  void anAddressInAListedDomainOrItsSubdomainsIsSynthetic() {
    assertThat(synthetic.matches("ann@loadtest.invalid")).isTrue();
    assertThat(synthetic.matches("ann@eu.loadtest.invalid")).isTrue();
    assertThat(synthetic.matches("Ann@LoadTest.Invalid ")).isTrue();
    assertThat(synthetic.matches("bob@perf.fair.example")).isTrue();
  }

  @Test
  void anyOtherAddressIsNot() {
    assertThat(synthetic.matches("ann@example.com")).isFalse();
    assertThat(synthetic.matches("ann@notloadtest.invalid")).as("a suffix is not a subdomain").isFalse();
    assertThat(synthetic.matches("ann@fair.example")).as("a parent is not a subdomain").isFalse();
    assertThat(synthetic.matches("loadtest.invalid")).isFalse();
    assertThat(synthetic.matches(null)).isFalse();
    assertThat(SyntheticAddresses.none().matches("ann@loadtest.invalid")).isFalse();
  }
}
