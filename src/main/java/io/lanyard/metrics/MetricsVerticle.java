package io.lanyard.metrics;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import io.vertx.micrometer.PrometheusScrapingHandler;

/**
 * {@code GET /metrics} on a port of its own ({@code metrics.port}), so the figures of the service can be kept off the public
 * API port by the network rather than by a token. Prometheus text, not the envelope: that is what scrapers read.
 */
public final class MetricsVerticle extends VerticleBase {

  public static final String PATH = "/metrics";

  private final String host;
  private final int port;
  private final PrometheusMeterRegistry registry;
  private HttpServer server;

  public MetricsVerticle(String host, int port, PrometheusMeterRegistry registry) {
    this.host = host;
    this.port = port;
    this.registry = registry;
  }

  @Override
  public Future<?> start() {
    Router router = Router.router(vertx);
    router.get(PATH).handler(PrometheusScrapingHandler.create(registry));
    router.errorHandler(404, context -> context.response().setStatusCode(404)
      .putHeader(HttpHeaders.CONTENT_TYPE, "text/plain; charset=utf-8").end("Not found: metrics are at " + PATH + "\n"));
    server = vertx.createHttpServer(new HttpServerOptions().setHost(host).setPort(port)).requestHandler(router);
    return server.listen();
  }

  @Override
  public Future<?> stop() {
    return server == null ? Future.succeededFuture() : server.close();
  }

  public int actualPort() {
    return server.actualPort();
  }
}
