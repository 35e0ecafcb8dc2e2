package io.lanyard.services.metrics;

import io.lanyard.platform.db.Backlog;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * An outbox as gauges: items waiting per state and the age of the oldest pending one. One small query on a timer rather than at
 * scrape time, so a scrape never waits for the database; the figures are those of the whole database, the same on every
 * instance.
 */
final class BacklogGauges {

  private static final Logger log = LoggerFactory.getLogger(BacklogGauges.class);

  /**
   * @param items the gauge of items per state ({@code lanyard.mail.outbox.mails})
   * @param oldestAge the gauge of the oldest pending item's age
   * @param what the items, for the descriptions and the log ("mails", "webhook deliveries")
   */
  record Names(String items, String oldestAge, String what) {
  }

  private final Names names;
  private final Supplier<Future<Backlog>> read;
  private volatile double pending = Double.NaN;
  private volatile double dead = Double.NaN;
  private volatile double oldestPendingSeconds = Double.NaN;
  private long timerId = -1;
  private boolean failing;
  private volatile boolean stopped;

  BacklogGauges(MeterRegistry registry, Names names, Supplier<Future<Backlog>> read) {
    this.names = names;
    this.read = read;
    Gauge.builder(names.items(), this, gauges -> gauges.pending)
      .description("Outbox " + names.what() + " not done yet, by state (pending: to send or retry; dead: given up)")
      .tag("state", "pending")
      .register(registry);
    Gauge.builder(names.items(), this, gauges -> gauges.dead)
      .description("Outbox " + names.what() + " not done yet, by state (pending: to send or retry; dead: given up)")
      .tag("state", "dead")
      .register(registry);
    Gauge.builder(names.oldestAge(), this, gauges -> gauges.oldestPendingSeconds)
      .description("How long the oldest pending one of the " + names.what() + " has waited (0 when none is pending)")
      .baseUnit("seconds")
      .register(registry);
  }

  /** @param delay the first read's delay: outboxes read at different moments never take connections at once */
  void start(Vertx vertx, Duration delay, Duration interval) {
    timerId = vertx.setPeriodic(Math.max(1, delay.toMillis()), interval.toMillis(), id -> refresh());
  }

  void stop(Vertx vertx) {
    stopped = true;
    if (timerId >= 0) {
      vertx.cancelTimer(timerId);
    }
  }

  private void refresh() {
    read.get().onComplete(done -> {
      if (done.succeeded()) {
        Backlog backlog = done.result();
        pending = backlog.pending();
        dead = backlog.dead();
        oldestPendingSeconds = backlog.oldestPending().map(age -> age.toMillis() / 1000.0).orElse(0.0);
        failing = false;
      } else if (!failing && !stopped) {
        // once per outage: the figures keep their last values meanwhile
        failing = true;
        log.warn("Reading the outbox's {} for metrics failed: {}", names.what(), done.cause().toString());
      }
    });
  }
}
