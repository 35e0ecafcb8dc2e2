package io.lanyard.metrics;

import io.lanyard.config.LanyardConfig;
import io.lanyard.http.PlainRoute;
import io.lanyard.mail.OutboxRepository;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.micrometer.PrometheusScrapingHandler;
import io.vertx.sqlclient.Pool;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** The metrics of one running service: the registry its counters use, where {@code GET /metrics} is served, the timed probes. */
public final class ServiceMetrics {

  private final Vertx vertx;
  private final LanyardConfig.Metrics config;
  private final Optional<PrometheusMeterRegistry> prometheus;
  private final MeterRegistry registry;
  private OutboxGauges outboxGauges;
  private EventLoopLag eventLoopLag;
  private int port = -1;

  public ServiceMetrics(Vertx vertx, LanyardConfig.Metrics config) {
    this.vertx = vertx;
    this.config = config;
    this.prometheus = VertxMetrics.registry(vertx);
    // a Vert.x made elsewhere than Lanyard.createVertx() has no registry: the counters then count into nothing
    this.registry = prometheus.<MeterRegistry>map(found -> found).orElseGet(CompositeMeterRegistry::new);
  }

  public MeterRegistry registry() {
    return registry;
  }

  /**
   * Deploys the metrics port ({@code metrics.port}), or answers the route the API port mounts when it is 0. Nothing when
   * metrics are disabled (the counters still count, at no cost worth a setting).
   *
   * @param deployed told the deployment of the metrics port, for the service to undeploy it
   */
  public Future<List<PlainRoute>> serve(Consumer<String> deployed) {
    if (!enabled()) {
      return Future.succeededFuture(List.of());
    }
    if (config.onApiPort()) {
      return Future.succeededFuture(List.of(new PlainRoute(HttpMethod.GET, MetricsVerticle.PATH,
        PrometheusScrapingHandler.create(prometheus.get()))));
    }
    MetricsVerticle server = new MetricsVerticle(config.host(), config.port(), prometheus.get());
    return vertx.deployVerticle(server).map(deployment -> {
      deployed.accept(deployment);
      port = server.actualPort();
      return List.of();
    });
  }

  /** The gauges that run on timers: started once the service is up, so a start that fails leaves none behind. */
  public void startProbes(Pool pool) {
    if (!enabled()) {
      return;
    }
    outboxGauges = new OutboxGauges(registry, pool, new OutboxRepository());
    outboxGauges.start(vertx, config.outboxInterval());
    eventLoopLag = EventLoopLag.start(vertx, registry);
  }

  public void stop() {
    if (outboxGauges != null) {
      outboxGauges.stop(vertx);
    }
    if (eventLoopLag != null) {
      eventLoopLag.stop();
    }
  }

  /** The port of {@code GET /metrics} when it has one of its own, else -1. */
  public int port() {
    return port;
  }

  private boolean enabled() {
    return config.enabled() && prometheus.isPresent();
  }
}
