package io.lanyard.web;

import io.lanyard.platform.config.ConfigException;
import io.lanyard.services.metrics.MetricsScrape;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;

/**
 * {@code GET /metrics} on a port of its own ({@code metrics.port}), so the figures of the service can be kept off the public
 * API port by the network rather than by a token. Prometheus text, not the envelope: that is what scrapers read.
 */
public final class MetricsPortVerticle extends VerticleBase {

  private final String host;
  private final int port;
  private final MetricsScrape scrape;
  private HttpServer server;

  public MetricsPortVerticle(String host, int port, MetricsScrape scrape) {
    this.host = host;
    this.port = port;
    this.scrape = scrape;
  }

  @Override
  public Future<?> start() {
    Router router = Router.router(vertx);
    router.route().handler(context -> {
      SecurityHeaders.apply(context.response().headers());
      context.next();
    });
    router.get(MetricsEndpoint.PATH).handler(new MetricsEndpoint(scrape));
    router.errorHandler(404, context -> context.response().setStatusCode(404)
      .putHeader(HttpHeaders.CONTENT_TYPE, "text/plain; charset=utf-8")
      .end("Not found: metrics are at " + MetricsEndpoint.PATH + "\n"));
    server = vertx.createHttpServer(new HttpServerOptions().setHost(host).setPort(port)).requestHandler(router);
    // a port in use is named here, where it is known to be this setting's and not http.port's
    return server.listen().recover(failure -> Future.failedFuture(BindFailures.isBindFailure(failure)
      ? new ConfigException("Cannot listen on setting metrics.port (LANYARD_METRICS_PORT) " + host + ":" + port + ": "
        + failure.getMessage(), failure)
      : failure));
  }

  @Override
  public Future<?> stop() {
    return server == null ? Future.succeededFuture() : server.close();
  }

  public int actualPort() {
    return server.actualPort();
  }
}
