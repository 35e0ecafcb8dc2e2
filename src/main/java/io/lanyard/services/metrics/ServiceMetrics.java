package io.lanyard.services.metrics;

import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.services.mail.OutboxRepository;
import io.lanyard.services.webhooks.DeliveryRepository;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;

import java.time.Duration;
import java.util.Optional;

/** The metrics of one running service: the registry its counters use, its scrape, the timed probes. */
public final class ServiceMetrics {

  private final Vertx vertx;
  private final LanyardConfig.Metrics config;
  private final Optional<PrometheusMeterRegistry> prometheus;
  private final MeterRegistry registry;
  private BacklogGauges outboxGauges;
  private BacklogGauges webhookGauges;
  private EventLoopLag eventLoopLag;
  private BoardFlush boardFlush;

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

  /** The scrape to serve at {@code GET /metrics}: empty when metrics are disabled (the counters still count, into nothing). */
  public Optional<MetricsScrape> scrape() {
    return enabled() ? prometheus.map(MetricsScrape::new) : Optional.empty();
  }

  /**
   * The gauges that run on timers, and the flush of this instance's counts to the console's live board: started once the
   * service is up, so a start that fails leaves none behind.
   */
  public void startProbes(Pool pool) {
    if (!enabled()) {
      return;
    }
    OutboxRepository mail = new OutboxRepository();
    outboxGauges = new BacklogGauges(registry, new BacklogGauges.Names("lanyard.mail.outbox.mails",
      "lanyard.mail.outbox.oldest.pending.age", "mails"), () -> mail.backlog(pool));
    outboxGauges.start(vertx, Duration.ZERO, config.outboxInterval());
    DeliveryRepository deliveries = new DeliveryRepository();
    webhookGauges = new BacklogGauges(registry, new BacklogGauges.Names("lanyard.webhook.outbox.deliveries",
      "lanyard.webhook.outbox.oldest.pending.age", "webhook deliveries"), () -> deliveries.backlog(pool));
    // half a period after the mail outbox's gauges, so the two reads never take connections at the same moment
    webhookGauges.start(vertx, config.outboxInterval().dividedBy(2), config.outboxInterval());
    eventLoopLag = EventLoopLag.start(vertx, registry);
    boardFlush = new BoardFlush(registry, pool);
    boardFlush.start(vertx, config.boardInterval());
  }

  public void stop() {
    if (outboxGauges != null) {
      outboxGauges.stop(vertx);
    }
    if (webhookGauges != null) {
      webhookGauges.stop(vertx);
    }
    if (eventLoopLag != null) {
      eventLoopLag.stop();
    }
    if (boardFlush != null) {
      boardFlush.stop(vertx);
    }
  }

  private boolean enabled() {
    return config.enabled() && prometheus.isPresent();
  }
}
