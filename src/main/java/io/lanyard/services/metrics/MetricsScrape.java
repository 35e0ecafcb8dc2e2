package io.lanyard.services.metrics;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * What the service has measured, as the Prometheus text format: handed out to whoever serves HTTP, so the metrics know nothing
 * of routes or ports.
 */
public final class MetricsScrape {

  public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final PrometheusMeterRegistry registry;

  MetricsScrape(PrometheusMeterRegistry registry) {
    this.registry = registry;
  }

  /** Every meter's current value, in the Prometheus text format. */
  public String text() {
    return registry.scrape();
  }
}
