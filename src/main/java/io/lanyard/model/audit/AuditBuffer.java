package io.lanyard.model.audit;

import io.lanyard.platform.support.OutcomeCounters;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The service's audit trail: events wait in a bounded in-memory queue and are written every {@code audit.flushInterval} in
 * multi-row inserts, off the request path. A full queue drops (and counts) rather than blocks; a failed write puts the events
 * back while there is room. Past {@code audit.floodThreshold} refusals of one kind from one source in one minute, the rest
 * are only counted, and written as one folded row per kind, source and minute. Events older than {@code audit.retention} are
 * pruned every hour.
 */
public final class AuditBuffer implements AuditTrail {

  private static final Logger log = LoggerFactory.getLogger(AuditBuffer.class);
  private static final int BATCH = 1000;
  private static final Duration PRUNE_INTERVAL = Duration.ofHours(1);
  private static final int PRUNE_SLICE = 10_000;

  /** Settings: {@code audit.*}. */
  public record Settings(Duration flushInterval, int queueSize, int floodThreshold, Duration retention) {
  }

  private final Pool pool;
  private final AuditRepository repository;
  private final Settings settings;
  private final Queue<AuditEvent> queue = new ConcurrentLinkedQueue<>();
  private final AtomicInteger queued = new AtomicInteger();
  private final FloodCounts floods;
  private final Counter written;
  private final Counter folded;
  private final Counter dropped;
  private Future<Void> flushing;
  private volatile boolean failing;
  private long flushTimer = -1;
  private long pruneTimer = -1;

  public AuditBuffer(Pool pool, AuditRepository repository, Settings settings, MeterRegistry registry) {
    this.pool = pool;
    this.repository = repository;
    this.settings = settings;
    this.floods = new FloodCounts(settings.floodThreshold());
    OutcomeCounters byOutcome = new OutcomeCounters(registry, "lanyard.audit.events",
      "Audit events by outcome: written one by one, folded into a per-source count, dropped (queue full)");
    this.written = byOutcome.of("written");
    this.folded = byOutcome.of("folded");
    this.dropped = byOutcome.of("dropped");
    Gauge.builder("lanyard.audit.queue.size", queued, AtomicInteger::get)
      .description("Audit events waiting in this instance's queue to be written")
      .register(registry);
  }

  @Override
  public void record(AuditEvent event) {
    if (floods.fold(event)) {
      folded.increment();
      return;
    }
    enqueue(event);
  }

  private void enqueue(AuditEvent event) {
    if (queued.incrementAndGet() > settings.queueSize()) {
      queued.decrementAndGet();
      dropped.increment();
      return;
    }
    queue.add(event);
  }

  public void start(Vertx vertx) {
    flushTimer = vertx.setPeriodic(settings.flushInterval().toMillis(), id -> flush());
    pruneTimer = vertx.setPeriodic(settings.flushInterval().toMillis(), PRUNE_INTERVAL.toMillis(), id -> prune());
  }

  /** Stops the timers and writes what is queued. */
  public Future<Void> stop(Vertx vertx) {
    vertx.cancelTimer(flushTimer);
    vertx.cancelTimer(pruneTimer);
    Future<Void> current;
    synchronized (this) {
      current = flushing == null ? Future.succeededFuture() : flushing;
    }
    return current.otherwiseEmpty().compose(previous -> flush());
  }

  /** Writes what is queued now; one flush at a time. */
  public synchronized Future<Void> flush() {
    if (flushing != null) {
      return flushing;
    }
    List<AuditEvent> events = drain();
    List<AuditRepository.Folded> counts = floods.take();
    if (events.isEmpty() && counts.isEmpty()) {
      return Future.succeededFuture();
    }
    // set before the writes start: were they to complete at once, the callback below would find it and clear it
    Promise<Void> flushed = Promise.promise();
    flushing = flushed.future();
    Future<Void> written;
    try {
      written = write(events, 0);
    } catch (RuntimeException e) {
      written = Future.failedFuture(e);
    }
    written
      .compose(done -> counts.isEmpty() ? Future.<Void>succeededFuture() : repository.addFolded(pool, counts))
      // the counts were not written, whichever write failed: they go with the next flush
      .onFailure(failure -> floods.putBack(counts))
      .onComplete(done -> {
        synchronized (this) {
          flushing = null;
        }
        if (done.failed() && !failing) {
          failing = true;
          log.warn("Writing the audit trail failed; events stay queued while there is room: {}", done.cause().toString());
        } else if (done.succeeded()) {
          failing = false;
        }
        flushed.handle(done);
      });
    return flushed.future();
  }

  private Future<Void> write(List<AuditEvent> events, int from) {
    if (from >= events.size()) {
      return Future.succeededFuture();
    }
    List<AuditEvent> slice = events.subList(from, Math.min(events.size(), from + BATCH));
    return repository.insert(pool, slice)
      .onSuccess(done -> written.increment(slice.size()))
      .recover(failure -> {
        if (failure instanceof PgException refused && refused.getSqlState() != null && refused.getSqlState().startsWith("22")) {
          // the database refuses the data itself: retried, it would block every later event; counted and dropped instead
          dropped.increment(slice.size());
          log.error("Audit events dropped: the database refused a batch of {} ({})", slice.size(), refused.getSqlState());
          return Future.succeededFuture();
        }
        requeue(events.subList(from, events.size()));
        return Future.failedFuture(failure);
      })
      .compose(done -> write(events, from + BATCH));
  }

  private List<AuditEvent> drain() {
    List<AuditEvent> events = new ArrayList<>();
    AuditEvent event;
    while ((event = queue.poll()) != null) {
      queued.decrementAndGet();
      events.add(event);
    }
    return events;
  }

  private void requeue(List<AuditEvent> events) {
    events.forEach(this::enqueue);
  }

  private void prune() {
    repository.prune(pool, settings.retention(), PRUNE_SLICE).onComplete(done -> {
      if (done.failed()) {
        log.warn("Pruning the audit trail failed: {}", done.cause().toString());
      } else if (done.result() == PRUNE_SLICE) {
        prune();
      }
    });
  }
}
