package io.lanyard.model.accounts;

import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.support.SecretTokens;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The lockout: failures and locks in PostgreSQL ({@code login_lockouts}), so every instance sees them; attempts under way in
 * this instance's memory. After {@code failures} consecutive failures an identifier is locked for {@code firstWait}, doubled
 * at each further failure up to {@code maxWait}; a failure after {@code window} without one starts the count again.
 *
 * <p>An attempt reads its identifier's row (a locked one is refused there, with the time left), then is admitted only while
 * the attempts under way here for that identifier stay under the failures it may still make before a lock (one at a time
 * once a lock has ended). A burst of concurrent guesses for one name so gets no more bcrypt runs than that on each instance;
 * the rest are refused for a second (unchecked, and no failures). A wrong password counts a failure in one statement, which
 * may lock the name; a right one deletes the row, when there is one. A successful login so costs the lockout one indexed
 * read and writes nothing, and a burst of right passwords never locks anybody: only failures count.
 *
 * <p>A read may have started before a failure another attempt here wrote (both were under way at once), and so miss it: the
 * instance remembers, for each identifier it is checking, what its own settled attempts wrote (failures counted, the lock
 * set) and when, updated before the attempt's place is given up; an admission whose read started before that write goes by
 * the stricter of the read and the memory. A read started after it is the database's answer alone, so a reset, an erasure
 * or another instance's success is seen at once. The memory of an identifier goes once nothing is under way for it and
 * {@link #REMEMBERED} has passed (no read lags that far behind).
 */
public final class LoginLockout implements LoginFailures {

  /** How long an attempt refused because others are being checked should wait: about one bcrypt run, rounded up. */
  private static final Duration CHECKS_UNDER_WAY = Duration.ofSeconds(1);
  /** Far longer than a read can lag behind a write of this instance; short enough that the memory stays small. */
  private static final long REMEMBERED = Duration.ofSeconds(10).toMillis();
  /** Past this many identifiers remembered, those done with are swept out at the next admission. */
  private static final int SWEEP_ABOVE = 1024;

  // The time a lock has left (ms), by the database's clock, which set it: the instance adds it to its own, whatever the skew.
  private static final String LOCK_LEFT =
    "CASE WHEN locked_until > now() THEN ceil(extract(epoch FROM locked_until - now()) * 1000)::bigint END AS locked_ms";
  // $1 identifier hash, $2 window (ms): the failures that still count, and the time a lock has left.
  private static final String READ = """
    SELECT CASE WHEN last_failure_at < now() - $2::float8 * interval '1 millisecond' THEN 0 ELSE failures END AS failures,
      %s
    FROM login_lockouts WHERE identifier_hash = $1""".formatted(LOCK_LEFT);
  // $1 identifier hash, $2 threshold, $3 window (ms), $4 first wait (ms), $5 longest wait (ms). The failure counts n; from the
  // threshold on it locks the identifier for firstWait × 2^(n − threshold), at most the longest wait.
  private static final String COUNT_FAILURE = """
    INSERT INTO login_lockouts AS l (identifier_hash, failures, last_failure_at, locked_until)
    VALUES ($1, 1, now(), CASE WHEN 1 >= $2 THEN now() + $4::float8 * interval '1 millisecond' END)
    ON CONFLICT (identifier_hash) DO UPDATE SET
      failures = %1$s + 1,
      last_failure_at = now(),
      locked_until = CASE WHEN %1$s + 1 >= $2
        THEN now() + LEAST($5::float8, $4::float8 * power(2, LEAST(30, %1$s + 1 - $2))) * interval '1 millisecond'
        ELSE l.locked_until END
    RETURNING l.failures, %2$s""".formatted(
      "(CASE WHEN l.last_failure_at < now() - $3::float8 * interval '1 millisecond' THEN 0 ELSE l.failures END)", LOCK_LEFT);
  // $1 identifier hash, $2 window (ms): as READ, with the lock's end as an instant for people to read.
  private static final String STATE = """
    SELECT CASE WHEN last_failure_at < now() - $2::float8 * interval '1 millisecond' THEN 0 ELSE failures END AS failures,
      CASE WHEN locked_until > now() THEN locked_until END AS locked_until
    FROM login_lockouts WHERE identifier_hash = $1""";
  private static final String CLEAR = """
    DELETE FROM login_lockouts WHERE identifier_hash = $1""";
  private static final String DELETE_FORGOTTEN = """
    DELETE FROM login_lockouts
    WHERE last_failure_at < now() - $1::float8 * interval '1 millisecond' AND (locked_until IS NULL OR locked_until < now())""";

  private final LanyardConfig.Lockout settings;
  /** What this instance knows of the identifiers it is checking or has just checked, by identifier hash; under its lock. */
  private final Map<String, Known> known = new HashMap<>();

  /** An identifier as this instance knows it: attempts under way, and what its own last settled attempt wrote, and when. */
  private static final class Known {
    private int underWay;
    private int failures;
    private long lockedUntil;
    /** {@link System#nanoTime()} when the write was done, or 0 before any. */
    private long writtenAt;
    private long keepUntil;

    /** Whether a read started at {@code readStarted} (nano time) may have missed the last write. */
    boolean mayBeNewerThan(long readStarted) {
      return writtenAt != 0 && readStarted - writtenAt < 0;
    }
  }

  public LoginLockout(LanyardConfig.Lockout settings) {
    this.settings = settings;
  }

  /** The lockout the settings ask for: this one, or {@link LoginFailures#NONE} when {@code failures} is 0. */
  public static LoginFailures of(LanyardConfig.Lockout settings) {
    return settings.isOn() ? new LoginLockout(settings) : NONE;
  }

  @Override
  public Future<Attempt> attempt(SqlClient client, String identifier) {
    byte[] hash = hash(identifier);
    long readStarted = System.nanoTime();
    return client.preparedQuery(READ).execute(Tuple.of(Buffer.buffer(hash), window())).map(rows -> {
      Row row = rows.size() == 0 ? null : rows.iterator().next();
      long now = System.currentTimeMillis();
      long lockedUntil = row == null ? 0 : lockedUntil(row, now);
      int failures = row == null ? 0 : row.getInteger("failures");
      String key = HexFormat.of().formatHex(hash);
      return admit(key, failures, lockedUntil, now, readStarted).<Attempt>map(wait -> new Uncounted(Optional.of(wait)))
        .orElseGet(() -> new Counted(hash, key, row != null));
    });
  }

  @Override
  public Future<Void> clear(SqlClient client, String identifier) {
    return clear(client, hash(identifier));
  }

  @Override
  public Future<LockState> state(SqlClient client, String identifier) {
    return client.preparedQuery(STATE).execute(Tuple.of(Buffer.buffer(hash(identifier)), window())).map(rows -> {
      if (rows.size() == 0) {
        return LockState.FREE;
      }
      Row row = rows.iterator().next();
      OffsetDateTime until = row.getOffsetDateTime("locked_until");
      return new LockState(row.getInteger("failures"), Optional.ofNullable(until).map(OffsetDateTime::toInstant));
    });
  }

  /** Deletes the counts nobody added to within the window (their locks long over). */
  public Future<Integer> deleteForgotten(SqlClient client) {
    return client.preparedQuery(DELETE_FORGOTTEN).execute(Tuple.of(window())).map(deleted -> deleted.rowCount());
  }

  /**
   * Admits an attempt, as the read saw the identifier, or as this instance knows it when the read may have missed its last
   * write, whichever is stricter.
   *
   * @param readStarted when the read started, nano time
   * @return empty when admitted (and counted as under way); else how long until an attempt may come
   */
  private synchronized Optional<Duration> admit(String key, int readFailures, long readLockedUntil, long now,
                                                long readStarted) {
    if (known.size() > SWEEP_ABOVE) {
      known.values().removeIf(entry -> entry.underWay == 0 && entry.keepUntil <= now);
    }
    Known entry = known.computeIfAbsent(key, absent -> new Known());
    boolean stale = entry.mayBeNewerThan(readStarted);
    long lockedUntil = stale ? Math.max(readLockedUntil, entry.lockedUntil) : readLockedUntil;
    if (lockedUntil > now) {
      return Optional.of(Duration.ofMillis(lockedUntil - now));
    }
    int failures = stale ? Math.max(readFailures, entry.failures) : readFailures;
    if (entry.underWay >= Math.max(1, settings.failures() - failures)) {
      return Optional.of(CHECKS_UNDER_WAY);
    }
    entry.underWay++;
    return Optional.empty();
  }

  /**
   * An attempt of this instance is settled: what it wrote is remembered before its place is given up.
   *
   * @param failures the identifier's failures after it (0 after a success)
   * @param lockedUntil the lock it is under after it, epoch ms, or 0
   */
  private synchronized void settled(String key, int failures, long lockedUntil) {
    Known entry = known.get(key);
    if (entry == null) {
      return;
    }
    entry.underWay--;
    // Two failures written on two connections may be heard in either order: the later answer may carry the smaller count.
    // Kept as it was, the count went back (2, then 1) and one more attempt was admitted than the name had failures left
    // (LockoutIT's burst, now and then: 4 hashes for a threshold of 3). A failure only ever raises what is remembered; a
    // success (0) clears it.
    boolean success = failures == 0 && lockedUntil == 0;
    entry.failures = success ? 0 : Math.max(entry.failures, failures);
    entry.lockedUntil = success ? 0 : Math.max(entry.lockedUntil, lockedUntil);
    entry.writtenAt = System.nanoTime();
    entry.keepUntil = System.currentTimeMillis() + REMEMBERED;
  }

  /** An attempt of this instance gave its place up without a check. */
  private synchronized void abandoned(String key) {
    Known entry = known.get(key);
    if (entry != null) {
      entry.underWay--;
    }
  }

  private double window() {
    return settings.window().toMillis();
  }

  private static Future<Void> clear(SqlClient client, byte[] hash) {
    return client.preparedQuery(CLEAR).execute(Tuple.of(Buffer.buffer(hash))).mapEmpty();
  }

  /** When the lock a row shows ends, on this instance's clock ({@code now}), or 0 when it shows none. */
  private static long lockedUntil(Row row, long now) {
    Long left = row.getLong("locked_ms");
    return left == null ? 0 : now + left;
  }

  private static byte[] hash(String identifier) {
    return SecretTokens.sha256(Emails.normalise(identifier));
  }

  /** An admitted attempt, under way until settled. */
  private final class Counted implements Attempt {

    private final byte[] hash;
    private final String key;
    private final boolean hasRow;
    private final AtomicBoolean settled = new AtomicBoolean();

    /** @param hasRow the identifier had failures (or a lock) on record when the attempt began */
    Counted(byte[] hash, String key, boolean hasRow) {
      this.hash = hash;
      this.key = key;
      this.hasRow = hasRow;
    }

    @Override
    public Optional<Duration> refusedFor() {
      return Optional.empty();
    }

    @Override
    public Future<Boolean> failed(SqlClient client) {
      if (!settled.compareAndSet(false, true)) {
        return Future.succeededFuture(false);
      }
      Tuple values = Tuple.of(Buffer.buffer(hash), settings.failures(), window(), (double) settings.firstWait().toMillis(),
        (double) settings.maxWait().toMillis());
      return client.preparedQuery(COUNT_FAILURE).execute(values)
        .map(rows -> {
          Row row = rows.iterator().next();
          int failures = row.getInteger("failures");
          settled(key, failures, lockedUntil(row, System.currentTimeMillis()));
          return failures >= settings.failures();
        })
        .onFailure(failure -> abandoned(key));
    }

    @Override
    public Future<Void> succeeded(SqlClient client) {
      if (!settled.compareAndSet(false, true)) {
        return Future.succeededFuture();
      }
      // nothing on record, nothing to forget: the common login writes nothing (a failure meanwhile is cleared next time)
      Future<Void> cleared = hasRow ? clear(client, hash)
        : Future.succeededFuture();
      return cleared.onComplete(done -> settled(key, 0, 0));
    }

    @Override
    public void abandon() {
      if (settled.compareAndSet(false, true)) {
        abandoned(key);
      }
    }
  }
}
