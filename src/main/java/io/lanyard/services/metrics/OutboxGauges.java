package io.lanyard.services.metrics;

import io.lanyard.services.mail.OutboxRepository;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/**
 * The mail outbox as gauges: mails waiting per state and the age of the oldest pending one. One small query on a timer rather
 * than at scrape time, so a scrape never waits for the database; the figures are those of the whole database, the same on
 * every instance.
 */
public final class OutboxGauges {

  private static final Logger log = LoggerFactory.getLogger(OutboxGauges.class);

  private final Pool pool;
  private final OutboxRepository outbox;
  private volatile double pending = Double.NaN;
  private volatile double dead = Double.NaN;
  private volatile double oldestPendingSeconds = Double.NaN;
  private long timerId = -1;
  private boolean failing;
  private volatile boolean stopped;

  public OutboxGauges(MeterRegistry registry, Pool pool, OutboxRepository outbox) {
    this.pool = pool;
    this.outbox = outbox;
    Gauge.builder("lanyard.mail.outbox.mails", this, gauges -> gauges.pending)
      .description("Mails in the outbox not sent yet, by state (pending: to send or retry; dead: given up)")
      .tag("state", "pending")
      .register(registry);
    Gauge.builder("lanyard.mail.outbox.mails", this, gauges -> gauges.dead)
      .tag("state", "dead")
      .register(registry);
    Gauge.builder("lanyard.mail.outbox.oldest.pending.age", this, gauges -> gauges.oldestPendingSeconds)
      .description("How long the oldest pending mail has waited (0 when none is pending)")
      .baseUnit("seconds")
      .register(registry);
  }

  public void start(Vertx vertx, Duration interval) {
    timerId = vertx.setPeriodic(1, interval.toMillis(), id -> refresh());
  }

  public void stop(Vertx vertx) {
    stopped = true;
    if (timerId >= 0) {
      vertx.cancelTimer(timerId);
    }
  }

  private void refresh() {
    outbox.backlog(pool).onComplete(done -> {
      if (done.succeeded()) {
        OutboxRepository.Backlog backlog = done.result();
        pending = backlog.pending();
        dead = backlog.dead();
        oldestPendingSeconds = backlog.oldestPending().map(age -> age.toMillis() / 1000.0).orElse(0.0);
        failing = false;
      } else if (!failing && !stopped) {
        // once per outage: the figures keep their last values meanwhile
        failing = true;
        log.warn("Reading the mail outbox for metrics failed: {}", done.cause().toString());
      }
    });
  }
}
