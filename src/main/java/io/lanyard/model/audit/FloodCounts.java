package io.lanyard.model.audit;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Per kind, source and minute, how many refusals this instance has seen: past the threshold, an event is only counted here,
 * and the counts are written as one folded row each. Safe from any thread (the HTTP verticles record on their event loops).
 */
final class FloodCounts {

  /** Counters kept at most; past it, new sources are not folded (and the audit queue's bound holds). */
  private static final int MAX_BUCKETS = 50_000;

  private record Bucket(AuditKind kind, String source, long minute) {
  }

  private static final class Count {
    private final AtomicInteger seen = new AtomicInteger();
    private final AtomicInteger unwritten = new AtomicInteger();
  }

  private final int threshold;
  private final Map<Bucket, Count> buckets = new ConcurrentHashMap<>();

  FloodCounts(int threshold) {
    this.threshold = threshold;
  }

  /** Whether the event is past its source's threshold for this minute, and so only counted. */
  boolean fold(AuditEvent event) {
    String source = event.origin().source();
    if (!event.kind().isFoldable() || source == null) {
      return false;
    }
    Bucket bucket = new Bucket(event.kind(), source, event.occurredAt().getEpochSecond() / 60);
    Count count = buckets.get(bucket);
    if (count == null) {
      if (buckets.size() >= MAX_BUCKETS) {
        return false;
      }
      count = buckets.computeIfAbsent(bucket, key -> new Count());
    }
    if (count.seen.incrementAndGet() <= threshold) {
      return false;
    }
    count.unwritten.incrementAndGet();
    return true;
  }

  /** The counts not written yet; counters of minutes gone by are forgotten (a minute late, so no increment can be lost). */
  List<AuditRepository.Folded> take() {
    long current = Instant.now().getEpochSecond() / 60;
    List<AuditRepository.Folded> counts = new ArrayList<>();
    buckets.forEach((bucket, count) -> {
      int unwritten = count.unwritten.getAndSet(0);
      if (unwritten > 0) {
        OffsetDateTime minute = OffsetDateTime.ofInstant(Instant.ofEpochSecond(bucket.minute() * 60), ZoneOffset.UTC);
        counts.add(new AuditRepository.Folded(minute, bucket.kind(), bucket.source(), unwritten));
      }
      if (bucket.minute() < current - 1) {
        buckets.remove(bucket, count);
      }
    });
    return counts;
  }

  /** Counts whose write failed, to be written with the next ones. */
  void putBack(List<AuditRepository.Folded> counts) {
    for (AuditRepository.Folded count : counts) {
      long minute = count.minute().toEpochSecond() / 60;
      buckets.computeIfAbsent(new Bucket(count.kind(), count.source(), minute), key -> new Count())
        .unwritten.addAndGet(count.count());
    }
  }
}
