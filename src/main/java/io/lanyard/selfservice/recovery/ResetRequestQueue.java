package io.lanyard.selfservice.recovery;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * The {@code password_reset_requests} table: reset requests answered but not yet worked out. The request path only inserts
 * (one row of the same shape whatever the address); {@link ResetRequestVerticle} takes them one by one: those this instance
 * queued, and those another queued more than {@link #ORPHANED_AFTER} ago (an instance that stopped or crashed).
 *
 * @param instance this instance, for the lifetime of its process
 */
record ResetRequestQueue(UUID instance) {

  /** How long a request waits for the instance that queued it before any instance's worker takes it. */
  static final Duration ORPHANED_AFTER = Duration.ofSeconds(10);

  /** A queued request, locked by the transaction that took it. */
  record Queued(long id, String email, Optional<String> applicationId, Optional<String> language, Optional<String> publicUrl,
                int attempts) {
  }

  private static final String INSERT = """
    INSERT INTO password_reset_requests (email, application_id, language, public_url, queued_by) VALUES ($1, $2, $3, $4, $5)""";
  // SKIP LOCKED: the instances' workers each take a different row; one held by a worker that vanished comes back when its
  // transaction ends (db.idleInTransactionTimeout at the latest)
  private static final String TAKE = """
    SELECT id, email, application_id::text, language, public_url, attempts FROM password_reset_requests
    WHERE not_before <= now()
      AND (queued_by = $1 OR queued_by IS NULL OR requested_at < now() - $2::float8 * interval '1 millisecond')
    ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED""";
  private static final String DELETE = """
    DELETE FROM password_reset_requests WHERE id = $1""";
  private static final String POSTPONE = """
    UPDATE password_reset_requests SET attempts = attempts + 1,
      not_before = now() + $2::float8 * interval '1 millisecond'
    WHERE id = $1""";

  Future<Void> insert(SqlClient client, String email, Optional<String> applicationId, Optional<String> language,
                      Optional<String> publicUrl) {
    return client.preparedQuery(INSERT)
      .execute(Tuple.of(email, applicationId.map(UUID::fromString).orElse(null), language.orElse(null),
        publicUrl.orElse(null), instance))
      .mapEmpty();
  }

  /** The oldest request due that is this instance's (or an orphan), locked until the transaction ends; empty when none is (or every due one is being worked on). */
  Future<Optional<Queued>> take(SqlClient tx) {
    return tx.preparedQuery(TAKE).execute(Tuple.of(instance, (double) ORPHANED_AFTER.toMillis())).map(rows -> rows.size() == 0 ? Optional.empty()
      : Optional.of(toQueued(rows.iterator().next())));
  }

  Future<Void> delete(SqlClient client, long id) {
    return client.preparedQuery(DELETE).execute(Tuple.of(id)).mapEmpty();
  }

  /** Counts a failed attempt at the request and leaves it for {@code delay}. */
  Future<Void> postpone(SqlClient client, long id, Duration delay) {
    return client.preparedQuery(POSTPONE).execute(Tuple.of(id, (double) delay.toMillis())).mapEmpty();
  }

  private static Queued toQueued(Row row) {
    return new Queued(row.getLong(0), row.getString(1), Optional.ofNullable(row.getString(2)),
      Optional.ofNullable(row.getString(3)), Optional.ofNullable(row.getString(4)), row.getInteger(5));
  }
}
