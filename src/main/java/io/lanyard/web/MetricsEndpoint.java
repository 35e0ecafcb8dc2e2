package io.lanyard.web;

import io.lanyard.services.metrics.MetricsScrape;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

/** Answers {@code GET /metrics} with the scrape, outside the envelope and the token check: scrapers read Prometheus text. */
public final class MetricsEndpoint implements Handler<RoutingContext> {

  public static final String PATH = "/metrics";

  private final MetricsScrape scrape;

  public MetricsEndpoint(MetricsScrape scrape) {
    this.scrape = scrape;
  }

  @Override
  public void handle(RoutingContext context) {
    context.response().putHeader(HttpHeaders.CONTENT_TYPE, MetricsScrape.CONTENT_TYPE).end(scrape.text());
  }
}
