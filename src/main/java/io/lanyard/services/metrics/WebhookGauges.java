package io.lanyard.services.metrics;

import io.lanyard.services.webhooks.DeliveryRepository;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/**
 * The webhook outbox as gauges, as {@link OutboxGauges} does for mail: deliveries waiting per state and the age of the oldest
 * pending one, read on a timer (never at scrape time); the figures of the whole database, the same on every instance.
 */
public final class WebhookGauges {

  private static final Logger log = LoggerFactory.getLogger(WebhookGauges.class);

  private final Pool pool;
  private final DeliveryRepository deliveries;
  private volatile double pending = Double.NaN;
  private volatile double dead = Double.NaN;
  private volatile double oldestPendingSeconds = Double.NaN;
  private long timerId = -1;
  private boolean failing;
  private volatile boolean stopped;

  public WebhookGauges(MeterRegistry registry, Pool pool, DeliveryRepository deliveries) {
    this.pool = pool;
    this.deliveries = deliveries;
    Gauge.builder("lanyard.webhook.outbox.deliveries", this, gauges -> gauges.pending)
      .description("Webhook deliveries not made yet, by state (pending: to send or retry; dead: given up)")
      .tag("state", "pending")
      .register(registry);
    Gauge.builder("lanyard.webhook.outbox.deliveries", this, gauges -> gauges.dead)
      .tag("state", "dead")
      .register(registry);
    Gauge.builder("lanyard.webhook.outbox.oldest.pending.age", this, gauges -> gauges.oldestPendingSeconds)
      .description("How long the oldest pending webhook delivery has waited (0 when none is pending)")
      .baseUnit("seconds")
      .register(registry);
  }

  public void start(Vertx vertx, Duration interval) {
    // half a period after the mail outbox's gauges, so the two reads never take connections at the same moment
    timerId = vertx.setPeriodic(Math.max(1, interval.toMillis() / 2), interval.toMillis(), id -> refresh());
  }

  public void stop(Vertx vertx) {
    stopped = true;
    if (timerId >= 0) {
      vertx.cancelTimer(timerId);
    }
  }

  private void refresh() {
    deliveries.backlog(pool).onComplete(done -> {
      if (done.succeeded()) {
        DeliveryRepository.Backlog backlog = done.result();
        pending = backlog.pending();
        dead = backlog.dead();
        oldestPendingSeconds = backlog.oldestPending().map(age -> age.toMillis() / 1000.0).orElse(0.0);
        failing = false;
      } else if (!failing && !stopped) {
        failing = true;
        log.warn("Reading the webhook outbox for metrics failed: {}", done.cause().toString());
      }
    });
  }
}
