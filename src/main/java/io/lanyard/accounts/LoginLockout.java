package io.lanyard.accounts;

import io.lanyard.config.LanyardConfig;
import io.lanyard.support.SecretTokens;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Duration;
import java.util.Optional;

/**
 * The lockout in PostgreSQL, the table {@code login_lockouts}: every instance sees one count per identifier. After
 * {@code failures} consecutive failures the identifier is locked for {@code firstWait}, doubled at each further failure up
 * to {@code maxWait}; a failure after {@code window} without one starts the count again.
 *
 * <p>Race-free without a lock held across a password check: an attempt is counted as in flight ({@code pending}) in one
 * statement before its password is checked, and only while the attempts in flight stay under the failures the name may
 * still make before a lock (one at a time once a lock has ended). A burst of concurrent guesses for one name therefore gets
 * no more bcrypt runs than that; the rest are refused for a second (they were not checked, and are not failures). A wrong password then counts a
 * failure, which may lock the name; a right one deletes the row. A burst of right passwords so never locks anybody: only
 * failures do.
 */
public final class LoginLockout implements LoginFailures {

  /** How long an attempt refused because others are being checked should wait: about one bcrypt run, rounded up. */
  private static final Duration CHECKS_UNDER_WAY = Duration.ofSeconds(1);

  // The failures that still count ($3: the window, ms) and the attempts in flight that still count (a count older than a
  // minute was left by an instance that stopped mid-check: no check takes that long).
  private static final String FAILURES = "CASE WHEN l.last_failure_at < now() - $3::float8 * interval '1 millisecond' "
    + "THEN 0 ELSE l.failures END";
  private static final String PENDING = "CASE WHEN l.pending_at < now() - interval '1 minute' THEN 0 ELSE l.pending END";

  // $1 identifier hash, $2 threshold, $3 window (ms).
  private static final String COUNT_ATTEMPT = """
    INSERT INTO login_lockouts AS l (identifier_hash, failures, last_failure_at, pending, pending_at)
    VALUES ($1, 0, now(), 1, now())
    ON CONFLICT (identifier_hash) DO UPDATE SET pending = %2$s + 1, pending_at = now()
    WHERE (l.locked_until IS NULL OR l.locked_until <= now()) AND %2$s < greatest(1, $2 - %1$s)
    RETURNING true""".formatted(FAILURES, PENDING);
  private static final String TIME_LOCKED = """
    SELECT ceil(extract(epoch FROM locked_until - now()) * 1000)::bigint AS millis FROM login_lockouts
    WHERE identifier_hash = $1 AND locked_until > now()""";
  // $1 identifier hash, $2 threshold, $3 window (ms), $4 first wait (ms), $5 longest wait (ms). The failure counts n; from the
  // threshold on it locks the identifier for firstWait × 2^(n − threshold), at most the longest wait.
  private static final String COUNT_FAILURE = """
    INSERT INTO login_lockouts AS l (identifier_hash, failures, last_failure_at, locked_until)
    VALUES ($1, 1, now(), CASE WHEN 1 >= $2 THEN now() + $4::float8 * interval '1 millisecond' END)
    ON CONFLICT (identifier_hash) DO UPDATE SET
      failures = %1$s + 1,
      last_failure_at = now(),
      pending = greatest(0, %2$s - 1),
      locked_until = CASE WHEN %1$s + 1 >= $2
        THEN now() + LEAST($5::float8, $4::float8 * power(2, LEAST(30, %1$s + 1 - $2))) * interval '1 millisecond'
        ELSE l.locked_until END
    RETURNING l.failures >= $2 AS locked""".formatted(FAILURES, PENDING);
  private static final String CLEAR = """
    DELETE FROM login_lockouts WHERE identifier_hash = $1""";
  private static final String DELETE_FORGOTTEN = """
    DELETE FROM login_lockouts
    WHERE last_failure_at < now() - $1::float8 * interval '1 millisecond' AND (locked_until IS NULL OR locked_until < now())
      AND (pending = 0 OR pending_at < now() - interval '1 minute')""";

  private final LanyardConfig.Lockout settings;

  public LoginLockout(LanyardConfig.Lockout settings) {
    this.settings = settings;
  }

  /** The lockout the settings ask for: this one, or {@link LoginFailures#NONE} when {@code failures} is 0. */
  public static LoginFailures of(LanyardConfig.Lockout settings) {
    return settings.isOn() ? new LoginLockout(settings) : NONE;
  }

  @Override
  public Future<Optional<Duration>> attempt(SqlClient client, String identifier) {
    Buffer key = key(identifier);
    return client.preparedQuery(COUNT_ATTEMPT).execute(Tuple.of(key, settings.failures(), window()))
      .compose(counted -> counted.size() == 1 ? Future.succeededFuture(Optional.<Duration>empty())
        // refused: the time a lock has left, read after the statement (a lock a concurrent failure set is seen); no lock,
        // then as many attempts as the name may still fail are being checked: the next may come in a moment
        : client.preparedQuery(TIME_LOCKED).execute(Tuple.of(key)).map(left -> Optional.of(left.size() == 1
          ? Duration.ofMillis(left.iterator().next().getLong(0)) : CHECKS_UNDER_WAY)));
  }

  @Override
  public Future<Boolean> failed(SqlClient client, String identifier) {
    Tuple values = Tuple.of(key(identifier), settings.failures(), window(), (double) settings.firstWait().toMillis(),
      (double) settings.maxWait().toMillis());
    return client.preparedQuery(COUNT_FAILURE).execute(values).map(rows -> rows.iterator().next().getBoolean(0));
  }

  @Override
  public Future<Void> clear(SqlClient client, String identifier) {
    return client.preparedQuery(CLEAR).execute(Tuple.of(key(identifier))).mapEmpty();
  }

  /** Deletes the counts nobody added to within the window (their locks long over, no attempt of theirs under way). */
  public Future<Integer> deleteForgotten(SqlClient client) {
    return client.preparedQuery(DELETE_FORGOTTEN).execute(Tuple.of(window())).map(deleted -> deleted.rowCount());
  }

  private double window() {
    return settings.window().toMillis();
  }

  private static Buffer key(String identifier) {
    return Buffer.buffer(SecretTokens.sha256(Emails.normalise(identifier)));
  }
}
