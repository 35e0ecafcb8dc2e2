package io.lanyard.services.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.VertxBuilder;
import io.vertx.core.VertxOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.core.metrics.MetricsOptions;
import io.vertx.core.spi.VertxMetricsFactory;
import io.vertx.core.spi.metrics.MetricsProvider;
import io.vertx.micrometer.Label;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.micrometer.VertxPrometheusOptions;
import io.vertx.micrometer.impl.MicrometerMetrics;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Metrics of a Vert.x instance: HTTP server by route template, method and status; worker and SQL pools; event bus; JVM; Netty
 * event loops. Each Vert.x gets a Prometheus registry of its own, so two services in one JVM (the tests) never mix figures.
 */
public final class VertxMetrics {

  /** Latency buckets (seconds): a histogram of every duration, enough to read p50/p95/p99 without one series per millisecond. */
  private static final Duration[] LATENCY_BUCKETS = {
    Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100),
    Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
    Duration.ofSeconds(10)};
  private static final Set<String> TIMED_WITH_BUCKETS = Set.of(
    "vertx.http.server.response.time", "vertx.pool.queue.time", "vertx.pool.usage", "lanyard.event.loop.lag");
  /** HTTP methods a client can invent any number of; only these keep their name in the {@code method} label. */
  private static final Set<String> KNOWN_METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");
  private static final AtomicLong REGISTRIES = new AtomicLong();

  private VertxMetrics() {
  }

  /** A Vert.x builder of these options, measured into a fresh Prometheus registry. */
  public static VertxBuilder builder(VertxOptions vertxOptions) {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    // Filters first: a filter added after a meter exists does not apply to it.
    registry.config().meterFilter(boundedMethods()).meterFilter(latencyBuckets());
    MicrometerMetricsOptions options = new MicrometerMetricsOptions()
      .setEnabled(true)
      // a name per Vert.x: the registries of Vert.x micrometer are global by name
      .setRegistryName("lanyard-" + REGISTRIES.incrementAndGet())
      .setPrometheusOptions(new VertxPrometheusOptions().setEnabled(true))
      .setJvmMetricsEnabled(true)
      .setNettyMetricsEnabled(true)
      // never HTTP_PATH: raw paths carry whatever a client sends, and would make one series per URL
      .setLabels(EnumSet.of(Label.HTTP_ROUTE, Label.HTTP_METHOD, Label.HTTP_CODE, Label.POOL_TYPE, Label.POOL_NAME,
        Label.EB_SIDE));
    return Vertx.builder().with(vertxOptions.setMetricsOptions(options)).withMetrics(routeMetered(registry));
  }

  /** Vert.x Micrometer's factory, its HTTP server request meters replaced by {@link HttpServerMeters}. */
  private static VertxMetricsFactory routeMetered(PrometheusMeterRegistry registry) {
    MicrometerMetricsFactory micrometer = new MicrometerMetricsFactory(registry);
    return new VertxMetricsFactory() {
      @Override
      public io.vertx.core.spi.metrics.VertxMetrics metrics(VertxOptions options) {
        return new RouteMeteredVertxMetrics(micrometer.metrics(options), registry);
      }

      @Override
      public MetricsOptions newOptions() {
        return micrometer.newOptions();
      }

      @Override
      public MetricsOptions newOptions(MetricsOptions options) {
        return micrometer.newOptions(options);
      }

      @Override
      public MetricsOptions newOptions(JsonObject json) {
        return micrometer.newOptions(json);
      }
    };
  }

  /** The registry of a Vert.x built by {@link #builder()}; empty for any other. */
  public static Optional<PrometheusMeterRegistry> registry(Vertx vertx) {
    // MicrometerMetrics is the module's own view of a measured object; MetricsService does not hand out the registry.
    if (vertx instanceof MetricsProvider provider && provider.getMetrics() instanceof MicrometerMetrics metrics
      && metrics.registry() instanceof PrometheusMeterRegistry prometheus) {
      return Optional.of(prometheus);
    }
    return Optional.empty();
  }

  private static MeterFilter boundedMethods() {
    return MeterFilter.replaceTagValues(Label.HTTP_METHOD.toString(), method -> KNOWN_METHODS.contains(method) ? method : "OTHER");
  }

  private static MeterFilter latencyBuckets() {
    return new MeterFilter() {
      @Override
      public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
        if (!TIMED_WITH_BUCKETS.contains(id.getName())) {
          return config;
        }
        double[] buckets = new double[LATENCY_BUCKETS.length];
        for (int i = 0; i < buckets.length; i++) {
          buckets[i] = LATENCY_BUCKETS[i].toNanos();
        }
        return DistributionStatisticConfig.builder().serviceLevelObjectives(buckets).build().merge(config);
      }
    };
  }
}
