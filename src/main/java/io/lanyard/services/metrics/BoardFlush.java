package io.lanyard.services.metrics;

import io.lanyard.platform.db.Backlog;
import io.lanyard.services.mail.OutboxRepository;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.search.Search;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * Adds this instance's counts to the live board's table on a timer: what its counters counted since the last flush that was
 * written (logins and refusals of real accounts, lockouts, 429 and 503 answers), and a reading of the mail outbox. A flush
 * that fails is added to the next one; a crashed instance loses what it counted since its last flush.
 */
final class BoardFlush {

  private static final Logger log = LoggerFactory.getLogger(BoardFlush.class);

  private final MeterRegistry registry;
  private final Pool pool;
  private final BoardMinutes minutes = new BoardMinutes();
  private final OutboxRepository mail = new OutboxRepository();
  // the counters' totals already in the table
  private final Map<BoardSeries, Long> written = new EnumMap<>(BoardSeries.class);
  private long timerId = -1;
  private boolean flushing;
  private boolean failing;

  BoardFlush(MeterRegistry registry, Pool pool) {
    this.registry = registry;
    this.pool = pool;
  }

  void start(Vertx vertx, Duration interval) {
    timerId = vertx.setPeriodic(interval.toMillis(), id -> flush());
  }

  void stop(Vertx vertx) {
    if (timerId >= 0) {
      vertx.cancelTimer(timerId);
    }
  }

  private void flush() {
    if (flushing) {
      return; // the last flush still waits for the database: this one's counts go with the next
    }
    flushing = true;
    Map<BoardSeries, Long> totals = totals();
    Map<BoardSeries, Long> added = new EnumMap<>(BoardSeries.class);
    totals.forEach((series, total) -> {
      long delta = total - written.getOrDefault(series, 0L);
      if (delta > 0) {
        added.put(series, delta);
      }
    });
    minutes.add(pool, added)
      .onSuccess(done -> written.putAll(totals))
      .compose(done -> mail.backlog(pool))
      .compose(this::sample)
      .onComplete(done -> {
        flushing = false;
        if (done.succeeded()) {
          failing = false;
        } else if (!failing) {
          failing = true; // once per outage; the counts wait for the next flush
          log.warn("Adding this instance's counts to the live board failed: {}", done.cause().toString());
        }
      });
  }

  private Future<Void> sample(Backlog backlog) {
    Map<BoardSeries, Long> readings = new EnumMap<>(BoardSeries.class);
    readings.put(BoardSeries.MAIL_PENDING, backlog.pending());
    readings.put(BoardSeries.MAIL_DEAD, backlog.dead());
    return minutes.sample(pool, readings);
  }

  /** What this instance's counters have counted since it started. */
  private Map<BoardSeries, Long> totals() {
    Map<BoardSeries, Long> totals = new EnumMap<>(BoardSeries.class);
    totals.put(BoardSeries.LOGINS, sum(registry.find("lanyard.logins").tag("outcome", "success").tag("synthetic", "false")));
    totals.put(BoardSeries.REFUSALS, sum(registry.find("lanyard.logins").tag("outcome", "failure").tag("synthetic", "false")));
    totals.put(BoardSeries.LOCKOUTS, sum(registry.find("lanyard.lockouts")));
    totals.put(BoardSeries.THROTTLED, sum(registry.find("vertx.http.server.requests").tag("code", "429")));
    totals.put(BoardSeries.UNAVAILABLE, sum(registry.find("vertx.http.server.requests").tag("code", "503")));
    return totals;
  }

  private static long sum(Search search) {
    return Math.round(search.counters().stream().mapToDouble(Counter::count).sum());
  }
}
