package io.lanyard.mail;

import io.lanyard.config.Rate;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.Optional;

/**
 * {@code mail.perRecipient} (DECISIONS.md §7): at most {@code count} mails to one address in any {@code period}, of every
 * kind, from every instance (counted in {@code mail_outbox}); past it a mail is kept as suppressed (reason
 * {@value #REASON}). What counts is every mail meant to be sent: pending, sent and dead alike; suppressed mail does not, so a
 * flood of refused requests never stretches the limit past the period.
 *
 * <p>Race-free: the queueing transaction first takes a transaction-scoped advisory lock on the address, so the transactions
 * mailing one address count one after the other, each seeing what the one before committed (the count is a statement of its
 * own, whose snapshot is taken once the lock is held). Must run in the queueing transaction, which holds the lock until its
 * end: two mails of one transaction to one address count each other.
 */
public final class RecipientLimit implements SuppressionRule {

  public static final String REASON = "recipient_limit";

  // The two-key form keeps these locks apart from any other advisory lock: the first key ("MAIL" in ASCII) says what is
  // locked, the second which address (a hash: two addresses sharing one only wait for each other).
  private static final String LOCK_RECIPIENT = """
    SELECT pg_advisory_xact_lock(1296124236, hashtext($1))""";
  private static final String COUNT_RECENT = """
    SELECT count(*) FROM mail_outbox
    WHERE recipient = $1 AND created_at > now() - $2::float8 * interval '1 millisecond' AND status <> 'suppressed'""";

  private final Rate limit;

  public RecipientLimit(Rate limit) {
    this.limit = limit;
  }

  @Override
  public Future<Optional<String>> reason(SqlClient client, RenderedMail mail) {
    Tuple recent = Tuple.of(mail.recipient(), (double) limit.period().toMillis());
    return client.preparedQuery(LOCK_RECIPIENT).execute(Tuple.of(mail.recipient()))
      .compose(locked -> client.preparedQuery(COUNT_RECENT).execute(recent))
      .map(rows -> rows.iterator().next().getLong(0) >= limit.count() ? Optional.of(REASON) : Optional.empty());
  }
}
