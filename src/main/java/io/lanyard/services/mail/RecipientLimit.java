package io.lanyard.services.mail;

import io.lanyard.platform.config.Rate;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

/**
 * {@code mail.perRecipient} (docs/decisions.md §7): at most {@code count} mails to one address in any {@code period}, of every
 * kind, from every instance (counted in {@code mail_outbox}); past it a mail is kept as suppressed (reason
 * {@value #REASON}). What counts is every mail meant to be sent: pending, sent and dead alike; suppressed mail does not, so a
 * flood of refused requests never stretches the limit past the period.
 *
 * <p>Race-free: the queueing transaction first takes a transaction-scoped advisory lock on the address, so the transactions
 * mailing one address count one after the other, each seeing what the one before committed. The count is made by the
 * outbox's insert itself ({@link Outbox}), a statement of its own whose snapshot is taken once the lock is held: one round
 * trip less per mail than a separate count. Must run in the queueing transaction, which holds the lock until its end: two
 * mails of one transaction to one address count each other.
 */
public final class RecipientLimit {

  public static final String REASON = "recipient_limit";

  // The two-key form keeps these locks apart from any other advisory lock: the first key ("MAIL" in ASCII) says what is
  // locked, the second which address (a hash: two addresses sharing one only wait for each other).
  private static final String LOCK_RECIPIENT = """
    SELECT pg_advisory_xact_lock(1296124236, hashtext($1))""";

  private final Rate limit;

  public RecipientLimit(Rate limit) {
    this.limit = limit;
  }

  /** Holds {@code recipient}'s count until the end of {@code client}'s transaction; the count must follow this statement. */
  Future<Void> lock(SqlClient client, String recipient) {
    return client.preparedQuery(LOCK_RECIPIENT).execute(Tuple.of(recipient)).mapEmpty();
  }

  /** Mails to one address within the period, at most. */
  long count() {
    return limit.count();
  }

  /** The rolling period, in milliseconds. */
  double periodMillis() {
    return limit.period().toMillis();
  }
}
