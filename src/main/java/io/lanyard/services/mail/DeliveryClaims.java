package io.lanyard.services.mail;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * How delivery leases mail: as much as is waiting, or under {@code mail.maxSendRate} no more than the deployment's send budget
 * lets go now. The budget is refilled, spent and the mail leased in one short transaction, which holds the budget's row: the
 * instances' leases take turns there, so together they never hand SMTP more than the rate. Mail past the budget is not
 * touched: it stays pending, neither leased nor older in the sense of {@code mail.maxAge}, until the budget lets it go.
 */
final class DeliveryClaims {

  /**
   * Leased mail.
   *
   * @param deferredFor when mail was left waiting because the send budget was spent: how long until the budget lets the next
   *                    mail go
   */
  record Claimed(List<OutboxRepository.Due> mails, Optional<Duration> deferredFor) {
  }

  private final Pool pool;
  private final OutboxRepository outbox;
  private final Duration lease;
  private final UUID holder;
  private final Optional<SendBudget> budget;

  /** @param budget empty when {@code mail.maxSendRate} is off */
  /** @param lease how long claimed mail stays this instance's before it is handed to SMTP ({@code holder} holds it) */
  DeliveryClaims(Pool pool, OutboxRepository outbox, Duration lease, UUID holder, Optional<SendBudget> budget) {
    this.pool = pool;
    this.outbox = outbox;
    this.lease = lease;
    this.holder = holder;
    this.budget = budget;
  }

  /** Up to {@code limit} due mails. */
  Future<Claimed> due(int limit) {
    return claim(limit, false);
  }

  /** The mail that has waited longest, due or waiting out a backoff: the probe of an SMTP server that was failing. */
  Future<Claimed> oldest() {
    return claim(1, true);
  }

  private Future<Claimed> claim(int limit, boolean evenInBackoff) {
    if (budget.isEmpty()) {
      // one short transaction, committed at once
      return pool.withTransaction(tx -> outbox.claim(tx, limit, lease, evenInBackoff, holder))
        .map(mails -> new Claimed(mails, Optional.empty()));
    }
    SendBudget sendBudget = budget.get();
    return pool.withTransaction(tx -> sendBudget.refill(tx).compose(available -> {
      int allowed = (int) Math.min(limit, Math.floor(available));
      Future<List<OutboxRepository.Due>> leased = allowed == 0 ? Future.succeededFuture(List.of())
        : outbox.claim(tx, allowed, lease, evenInBackoff, holder);
      return leased.compose(mails -> sendBudget.spend(tx, mails.size())
        .compose(spent -> mails.size() < allowed || allowed == limit
          // all that waited was taken, or a whole batch, after which delivery asks again at once
          ? Future.succeededFuture(new Claimed(mails, Optional.empty()))
          : deferred(tx, sendBudget, mails, available - mails.size(), evenInBackoff)));
    }));
  }

  /** The budget ran out before the batch was full: was anything left waiting for it? */
  private Future<Claimed> deferred(SqlClient tx, SendBudget sendBudget, List<OutboxRepository.Due> mails, double left,
                                   boolean evenInBackoff) {
    return outbox.hasWaiting(tx, evenInBackoff).map(waiting -> new Claimed(mails,
      waiting ? Optional.of(sendBudget.untilNextMail(left)) : Optional.empty()));
  }
}
