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
 * {@code failures} consecutive failed attempts the identifier is locked for {@code firstWait}, doubled at each further failure
 * up to {@code maxWait}; an attempt whose identifier's last attempt is older than {@code window} starts the count again.
 *
 * <p>An attempt is counted, and the lock it would start set, in one statement before the password is checked: concurrent
 * attempts are ordered by the row lock, so a burst of them cannot slip past the threshold while the first ones are being
 * hashed. A right password then deletes the row (the lock its attempt set provisionally goes with it). While locked, an
 * attempt changes nothing and gets the time left.
 */
public final class LoginLockout implements LoginFailures {

  // $1 identifier hash, $2 threshold, $3 first wait (ms), $4 longest wait (ms), $5 window (ms).
  // The attempt counts n (1 after the window), and from the threshold on it sets the lock, firstWait × 2^(n − threshold).
  private static final String COUNT_ATTEMPT = """
    INSERT INTO login_lockouts AS l (identifier_hash, failures, last_failure_at, locked_until)
    VALUES ($1, 1, now(), CASE WHEN 1 >= $2 THEN now() + $3::float8 * interval '1 millisecond' END)
    ON CONFLICT (identifier_hash) DO UPDATE SET
      failures = CASE WHEN l.last_failure_at < now() - $5::float8 * interval '1 millisecond' THEN 1 ELSE l.failures + 1 END,
      last_failure_at = now(),
      locked_until = CASE
        WHEN (CASE WHEN l.last_failure_at < now() - $5::float8 * interval '1 millisecond' THEN 1 ELSE l.failures + 1 END) >= $2
        THEN now() + LEAST($4::float8, $3::float8 * power(2, LEAST(30,
          (CASE WHEN l.last_failure_at < now() - $5::float8 * interval '1 millisecond' THEN 1 ELSE l.failures + 1 END) - $2)))
          * interval '1 millisecond'
        END
    WHERE l.locked_until IS NULL OR l.locked_until <= now()
    RETURNING l.failures >= $2 AS locks_if_wrong""";
  private static final String TIME_LOCKED = """
    SELECT ceil(extract(epoch FROM locked_until - now()) * 1000)::bigint AS millis FROM login_lockouts
    WHERE identifier_hash = $1 AND locked_until > now()""";
  private static final String CLEAR = """
    DELETE FROM login_lockouts WHERE identifier_hash = $1""";
  private static final String DELETE_FORGOTTEN = """
    DELETE FROM login_lockouts
    WHERE last_failure_at < now() - $1::float8 * interval '1 millisecond' AND (locked_until IS NULL OR locked_until < now())""";

  private final LanyardConfig.Lockout settings;

  public LoginLockout(LanyardConfig.Lockout settings) {
    this.settings = settings;
  }

  /** The lockout the settings ask for: this one, or {@link LoginFailures#NONE} when {@code failures} is 0. */
  public static LoginFailures of(LanyardConfig.Lockout settings) {
    return settings.isOn() ? new LoginLockout(settings) : NONE;
  }

  @Override
  public Future<Attempt> attempt(SqlClient client, String identifier) {
    Buffer key = key(identifier);
    Tuple values = Tuple.of(key, settings.failures(), (double) settings.firstWait().toMillis(),
      (double) settings.maxWait().toMillis(), (double) settings.window().toMillis());
    return client.preparedQuery(COUNT_ATTEMPT).execute(values).compose(counted -> {
      if (counted.size() == 1) {
        return Future.succeededFuture(new Attempt(Optional.empty(), counted.iterator().next().getBoolean(0)));
      }
      // locked: the statement changed nothing; the time left is read after it, so a lock set by a concurrent attempt is seen
      return client.preparedQuery(TIME_LOCKED).execute(Tuple.of(key)).compose(left -> left.size() == 1
        ? Future.succeededFuture(new Attempt(Optional.of(Duration.ofMillis(left.iterator().next().getLong(0))), false))
        // lifted between the two statements (a success, a reset, the lock's end): count the attempt as if it came now
        : attempt(client, identifier));
    });
  }

  @Override
  public Future<Void> clear(SqlClient client, String identifier) {
    return client.preparedQuery(CLEAR).execute(Tuple.of(key(identifier))).mapEmpty();
  }

  /** Deletes the counts nobody added to within the window (their locks long over). */
  public Future<Integer> deleteForgotten(SqlClient client) {
    return client.preparedQuery(DELETE_FORGOTTEN).execute(Tuple.of((double) settings.window().toMillis()))
      .map(deleted -> deleted.rowCount());
  }

  private static Buffer key(String identifier) {
    return Buffer.buffer(SecretTokens.sha256(Emails.normalise(identifier)));
  }
}
