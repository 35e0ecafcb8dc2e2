package io.lanyard.services.mail;

import io.lanyard.platform.db.Backlog;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Delivery's side of {@code mail_outbox}: claiming due mail, recording attempts, and the operator's view. */
public final class OutboxRepository {

  // A lease: SKIP LOCKED lets instances claim side by side, and the lease keeps the mail from every other claim until its
  // outcome is recorded, or until the lease runs out after a crash. $3 true: a mail waiting out the backoff of a failure may be
  // taken too (a probe of an SMTP server that was failing). A mail's age (mail.maxAge) runs from its first attempt, so no time
  // it spent waiting in the outbox (for the send rate, for a server that was down) counts.
  private static final String CLAIM = """
    UPDATE mail_outbox SET leased_until = now() + $2::float8 * interval '1 millisecond', lease_holder = $4,
      first_attempt_at = coalesce(first_attempt_at, now())
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE status = 'pending' AND (next_attempt_at <= now() OR $3 AND last_error IS NOT NULL)
        AND (leased_until IS NULL OR leased_until <= now())
      ORDER BY next_attempt_at
      LIMIT $1
      FOR UPDATE SKIP LOCKED)
    RETURNING id, message_id, kind, recipient, subject, text_body, html_body, attempts,
      extract(epoch FROM now() - first_attempt_at) * 1000 AS age_ms""";
  // A claim walks mail_outbox_due_idx in order and stops at its LIMIT. Left to its estimates, PostgreSQL may instead read every
  // pending mail and sort them: a plan cached while the outbox looked nearly empty (its statistics lag a burst by up to a
  // minute of autovacuum) did, in a sign-up peak, for every claim. That scan also never marks the index entries of sent mail
  // dead, so each claim read the whole backlog and every mail sent since the last vacuum (7.7 ms a claim, almost half of
  // PostgreSQL's statement time). For the claim's transaction alone, the only plan left without a sort is the ordered index
  // scan.
  private static final String ORDERED_SCAN = "SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off";
  // A claimed mail handed to SMTP: its lease now outlasts the send, if the claim is still this holder's (not run out, not
  // taken by another instance since).
  private static final String HAND_OVER = """
    UPDATE mail_outbox SET leased_until = now() + $3::float8 * interval '1 millisecond'
    WHERE id = $1 AND lease_holder = $2 AND status = 'pending' AND leased_until > now()""";
  // Claimed mail this holder will not hand over (it stops): due again at once, for any instance.
  private static final String RELEASE = """
    UPDATE mail_outbox SET leased_until = NULL WHERE id = ANY($1) AND lease_holder = $2 AND status = 'pending'""";
  // What a claim of the same kind would find still waiting (the claim's own mails are leased now).
  private static final String HAS_WAITING = """
    SELECT EXISTS (SELECT 1 FROM mail_outbox
      WHERE status = 'pending' AND (next_attempt_at <= now() OR $1 AND last_error IS NOT NULL)
        AND (leased_until IS NULL OR leased_until <= now()))""";
  // A sent mail keeps its envelope for the record, not its body (which may hold an account link); the last notice of an
  // erased account keeps not even the address it went to.
  private static final String MARK_SENT = """
    UPDATE mail_outbox SET status = 'sent', attempts = attempts + 1, sent_at = now(), last_error = NULL,
      text_body = NULL, html_body = NULL, leased_until = NULL,
      recipient = CASE WHEN kind = 'account_deleted' THEN '' ELSE recipient END
    WHERE id = $1""";
  private static final String MARK_FAILED = """
    UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2,
      status = CASE WHEN $3 THEN 'dead' ELSE 'pending' END,
      next_attempt_at = now() + $4::float8 * interval '1 millisecond', leased_until = NULL
    WHERE id = $1""";
  // SMTP answers again: mail waiting out the backoff of a failure goes now, not at its next slot.
  private static final String RELEASE_BACKOFF = """
    UPDATE mail_outbox SET next_attempt_at = now()
    WHERE status = 'pending' AND next_attempt_at > now() AND last_error IS NOT NULL
      AND (leased_until IS NULL OR leased_until <= now())""";
  private static final String COUNT_BY_STATUS = """
    SELECT status, count(*) AS mails FROM mail_outbox GROUP BY status""";
  private static final String COUNT_SUPPRESSED_BY_REASON = """
    SELECT suppressed_reason, count(*) AS mails FROM mail_outbox WHERE status = 'suppressed'
    GROUP BY suppressed_reason ORDER BY suppressed_reason""";
  private static final String OLDEST_PENDING_AGE = """
    SELECT extract(epoch FROM now() - min(created_at)) * 1000 FROM mail_outbox WHERE status = 'pending'""";
  // Touches only pending and dead rows (mail_outbox_unsent_idx), however many sent or suppressed mails the table keeps.
  private static final String BACKLOG = """
    SELECT count(*) FILTER (WHERE status = 'pending') AS pending,
      count(*) FILTER (WHERE status = 'dead') AS dead,
      extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'pending')) * 1000 AS oldest_pending_ms
    FROM mail_outbox WHERE status IN ('pending', 'dead')""";
  private static final String RETRY_DEAD = """
    UPDATE mail_outbox SET status = 'pending', attempts = 0, next_attempt_at = now(), leased_until = NULL, requeued_at = now(),
      first_attempt_at = NULL
    WHERE status = 'dead'""";

  /**
   * A mail to deliver.
   *
   * @param age how long since its first attempt (its first since an operator re-queued it): past {@code mail.maxAge}, a
   *            failure is its last
   */
  public record Due(long id, String messageId, String kind, String recipient, String subject, String text,
                    Optional<String> html, int attempts, Duration age) {
  }

  /**
   * Leases up to {@code limit} mails for {@code lease}: the due ones, or with {@code evenInBackoff} those waiting out the
   * backoff of a failure too, longest waiting first (one of them is the probe of an SMTP server that was failing).
   *
   * @param transaction an open transaction, which the lease is committed with
   */
  public Future<List<Due>> claim(SqlClient transaction, int limit, Duration lease, boolean evenInBackoff, UUID holder) {
    Tuple values = Tuple.of(limit, (double) lease.toMillis(), evenInBackoff, holder);
    return transaction.query(ORDERED_SCAN).execute()
      .compose(set -> transaction.preparedQuery(CLAIM).execute(values))
      .map(OutboxRepository::dueMails);
  }

  private static List<Due> dueMails(RowSet<Row> rows) {
    List<Due> due = new ArrayList<>(rows.size());
    for (Row row : rows) {
      due.add(new Due(row.getLong("id"), row.getString("message_id"), row.getString("kind"), row.getString("recipient"),
        row.getString("subject"), row.getString("text_body"), Optional.ofNullable(row.getString("html_body")),
        row.getInteger("attempts"), Duration.ofMillis(((Number) row.getValue("age_ms")).longValue())));
    }
    return due;
  }

  /**
   * Lengthens the lease of a mail about to be handed to SMTP to {@code lease}, if {@code holder} still holds it.
   *
   * @return false when the claim ran out or went to another instance: the mail is not this instance's to send
   */
  public Future<Boolean> handOver(SqlClient client, long id, UUID holder, Duration lease) {
    return client.preparedQuery(HAND_OVER).execute(Tuple.of(id, holder, (double) lease.toMillis()))
      .map(rows -> rows.rowCount() == 1);
  }

  /** Lets go of claimed mail {@code holder} will not hand over; the number let go. */
  public Future<Integer> release(SqlClient client, List<Long> ids, UUID holder) {
    if (ids.isEmpty()) {
      return Future.succeededFuture(0);
    }
    return client.preparedQuery(RELEASE).execute(Tuple.of(ids.toArray(new Long[0]), holder)).map(RowSet::rowCount);
  }

  /** Whether mail is still waiting that a claim with the same {@code evenInBackoff} would take. */
  public Future<Boolean> hasWaiting(SqlClient client, boolean evenInBackoff) {
    return client.preparedQuery(HAS_WAITING).execute(Tuple.of(evenInBackoff)).map(rows -> rows.iterator().next().getBoolean(0));
  }

  public Future<Void> markSent(SqlClient client, long id) {
    return client.preparedQuery(MARK_SENT).execute(Tuple.of(id)).mapEmpty();
  }

  /** @param dead true when this was the last attempt: a permanent refusal, or a mail too old to try again */
  public Future<Void> markFailed(SqlClient client, long id, String error, boolean dead, Duration retryIn) {
    return client.preparedQuery(MARK_FAILED).execute(Tuple.of(id, error, dead, (double) retryIn.toMillis())).mapEmpty();
  }

  /** Makes every pending mail due now; the number released. */
  public Future<Integer> releaseBackoff(SqlClient client) {
    return client.preparedQuery(RELEASE_BACKOFF).execute().map(rows -> rows.rowCount());
  }

  public Future<Backlog> backlog(SqlClient client) {
    return client.preparedQuery(BACKLOG).execute().map(rows -> Backlog.of(rows.iterator().next()));
  }

  /** Mails per state ({@code pending}, {@code sent}, {@code dead}, {@code suppressed}), every state present. */
  public Future<Map<String, Long>> countByStatus(Pool pool) {
    return pool.preparedQuery(COUNT_BY_STATUS).execute().map(rows -> {
      Map<String, Long> counts = new LinkedHashMap<>();
      for (String status : List.of("pending", "sent", "dead", "suppressed")) {
        counts.put(status, 0L);
      }
      rows.forEach(row -> counts.put(row.getString("status"), row.getLong("mails")));
      return counts;
    });
  }

  /** Suppressed mails per reason ({@code recipient_limit}, {@code synthetic}, {@code mail_mode_drop}), the reasons present. */
  public Future<Map<String, Long>> countSuppressedByReason(Pool pool) {
    return pool.preparedQuery(COUNT_SUPPRESSED_BY_REASON).execute().map(rows -> {
      Map<String, Long> counts = new LinkedHashMap<>();
      rows.forEach(row -> counts.put(row.getString("suppressed_reason"), row.getLong("mails")));
      return counts;
    });
  }

  /** How long the oldest undelivered mail has waited, if any is waiting. */
  public Future<Optional<Duration>> oldestPendingAge(Pool pool) {
    return pool.preparedQuery(OLDEST_PENDING_AGE).execute().map(rows -> {
      Object millis = rows.iterator().next().getValue(0);
      return millis == null ? Optional.empty() : Optional.of(Duration.ofMillis(((Number) millis).longValue()));
    });
  }

  /** Puts every dead mail back in line; the number re-queued. */
  public Future<Integer> retryDead(Pool pool) {
    return pool.preparedQuery(RETRY_DEAD).execute().map(rows -> rows.rowCount());
  }
}
