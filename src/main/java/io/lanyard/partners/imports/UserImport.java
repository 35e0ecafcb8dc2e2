package io.lanyard.partners.imports;

import io.lanyard.model.api.FieldProblem;
import io.lanyard.services.events.UserEvents;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code users import}: reads the file on the calling thread (never a Vert.x thread: it blocks), checks every row with the
 * API's rules, reports rejects and goes on, and writes the good rows in batches, a few transactions at a time. A batch that
 * fails stops the import after the batches in flight; every batch committed before stays, and a re-run skips it.
 */
public final class UserImport {

  /** How many batches may be written at once: enough to keep the database busy while the next batch is read. */
  private static final int BATCHES_IN_FLIGHT = 4;

  /**
   * What an import changed. {@code rows} counts the rows read; every row is exactly one of created (active or pending),
   * skipped (its address had an account), updated or rejected.
   */
  public record Summary(long rows, long active, long pending, long skipped, long updated, long rejected, long linked,
                        Duration took, Optional<Throwable> failure) {

    public long created() {
      return active + pending;
    }
  }

  /** Told the rows read so far and how far into the file they are, after each batch is handed over. */
  @FunctionalInterface
  public interface Progress {
    void update(long rows, long bytesRead);
  }

  private final ImportBatchWriter writer;
  private final int batchSize;
  private final AtomicLong active = new AtomicLong();
  private final AtomicLong pending = new AtomicLong();
  private final AtomicLong skipped = new AtomicLong();
  private final AtomicLong updated = new AtomicLong();
  private final AtomicLong linked = new AtomicLong();
  private final AtomicReference<Throwable> failure = new AtomicReference<>();
  private final Semaphore inFlight = new Semaphore(BATCHES_IN_FLIGHT);

  /**
   * @param applicationId the application the accounts are created through
   * @param linkMails present with {@code --send-links}
   */
  public UserImport(Pool pool, UserEvents events, String applicationId, boolean updateProfiles,
                    Optional<AccountLinkMails> linkMails, int batchSize) {
    this.writer = new ImportBatchWriter(pool, events, applicationId, updateProfiles, linkMails);
    this.batchSize = batchSize;
  }

  public Summary run(RowReader reader, RejectReport report, Progress progress) throws IOException, InterruptedException {
    long started = System.nanoTime();
    long rows = 0;
    long rejected = 0;
    Map<String, Long> firstLineOf = new HashMap<>();
    List<ImportRow> batch = new ArrayList<>(batchSize);
    try {
      Optional<RawRow> next;
      while (failure.get() == null && (next = reader.next()).isPresent()) {
        rows++;
        RawRow raw = next.get();
        ImportRules.Checked checked = ImportRules.check(raw);
        if (!checked.isValid()) {
          rejected++;
          report.reject(raw.line(), raw.values().get(ImportColumns.EMAIL), checked.problems());
          continue;
        }
        ImportRow row = checked.row();
        Long first = firstLineOf.putIfAbsent(row.email(), row.line());
        if (first != null) {
          rejected++;
          report.reject(raw.line(), raw.values().get(ImportColumns.EMAIL),
            List.of(new FieldProblem(ImportColumns.EMAIL, "duplicate_of_line_" + first)));
          continue;
        }
        batch.add(row);
        if (batch.size() == batchSize) {
          submit(batch);
          batch = new ArrayList<>(batchSize);
          progress.update(rows, reader.bytesRead());
        }
      }
      if (!batch.isEmpty() && failure.get() == null) {
        submit(batch);
      }
    } finally {
      // a file that breaks off (an unreadable byte) still lets the batches under way finish before the pool closes
      inFlight.acquire(BATCHES_IN_FLIGHT);
      inFlight.release(BATCHES_IN_FLIGHT);
    }
    progress.update(rows, reader.bytesRead());
    return new Summary(rows, active.get(), pending.get(), skipped.get(), updated.get(), rejected, linked.get(),
      Duration.ofNanos(System.nanoTime() - started), Optional.ofNullable(failure.get()));
  }

  private void submit(List<ImportRow> batch) throws InterruptedException {
    inFlight.acquire();
    Future<ImportBatchWriter.Outcome> written;
    try {
      written = writer.write(batch);
    } catch (RuntimeException e) {
      written = Future.failedFuture(e);
    }
    written.onComplete(done -> {
      if (done.succeeded()) {
        ImportBatchWriter.Outcome outcome = done.result();
        active.addAndGet(outcome.active());
        pending.addAndGet(outcome.pending());
        skipped.addAndGet(outcome.skipped());
        updated.addAndGet(outcome.updated());
        linked.addAndGet(outcome.linked());
      } else {
        failure.compareAndSet(null, new IllegalStateException("the batch of lines " + batch.get(0).line() + " to "
          + batch.get(batch.size() - 1).line() + " was not written: " + done.cause().getMessage(), done.cause()));
      }
      inFlight.release();
    });
  }
}
