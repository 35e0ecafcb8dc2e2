package io.lanyard.platform.support;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/** The counters of one metric, told apart by their {@code outcome} tag (sent, retry, dead...). */
public record OutcomeCounters(MeterRegistry registry, String name, String description) {

  public Counter of(String outcome) {
    return Counter.builder(name).description(description).tag("outcome", outcome).register(registry);
  }
}
