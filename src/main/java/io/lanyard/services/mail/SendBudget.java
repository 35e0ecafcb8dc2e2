package io.lanyard.services.mail;

import io.lanyard.platform.config.Rate;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Duration;

/**
 * {@code mail.maxSendRate}: how many mails the whole deployment may hand to SMTP now. A token bucket of {@code count} mails,
 * refilled at {@code count} per {@code period}, kept in the one row of {@code mail_send_budget} so that every instance spends
 * the same budget; the database's clock measures the refill, so instances whose clocks differ agree.
 */
final class SendBudget {

  // Refills from the time since the last refill and locks the row until the end of the lease's transaction. The first lease
  // of a deployment (or after the table was emptied) makes the row with a full bucket.
  private static final String REFILL = """
    INSERT INTO mail_send_budget AS b (id, tokens, refilled_at) VALUES (true, $1::float8, clock_timestamp())
    ON CONFLICT (id) DO UPDATE SET
      tokens = least($1::float8,
        b.tokens + greatest(0, extract(epoch FROM excluded.refilled_at - b.refilled_at)::float8 * 1000) / $2::float8),
      refilled_at = greatest(b.refilled_at, excluded.refilled_at)
    RETURNING tokens""";
  private static final String SPEND = """
    UPDATE mail_send_budget SET tokens = tokens - $1::float8 WHERE id""";

  private final Rate rate;

  SendBudget(Rate rate) {
    this.rate = rate;
  }

  /** The mails that may go now (a fraction is a mail on its way back); the budget stays locked until {@code tx} ends. */
  Future<Double> refill(SqlClient tx) {
    return tx.preparedQuery(REFILL).execute(Tuple.of((double) rate.count(), (double) rate.refillInterval().toNanos() / 1e6))
      .map(rows -> rows.iterator().next().getDouble(0));
  }

  Future<Void> spend(SqlClient tx, int mails) {
    return mails == 0 ? Future.succeededFuture() : tx.preparedQuery(SPEND).execute(Tuple.of((double) mails)).mapEmpty();
  }

  /** How long until the next mail may go, when {@code left} (less than one) is what the budget holds. */
  Duration untilNextMail(double left) {
    double nanos = Math.max(0, 1 - left) * rate.refillInterval().toNanos();
    return Duration.ofNanos((long) Math.ceil(nanos)).plusMillis(1);
  }
}
