package io.lanyard.services.mail;

import io.lanyard.platform.config.Topics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Where operations put mail: a row of {@code mail_outbox}, written in the same transaction as the change that causes it, so a
 * mail exists exactly when its change committed. After the commit, {@link #nudge()} wakes the mail verticle.
 */
public final class Outbox {

  // every queued mail is one such row: pending, or suppressed with its reason
  private static final String INSERT_INTO = """
    INSERT INTO mail_outbox (message_id, kind, recipient, subject, text_body, html_body, user_id, application_id, status,
      suppressed_reason)""";
  private static final String ENQUEUE = INSERT_INTO + """

    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9::text IS NULL THEN 'pending' ELSE 'suppressed' END, $9)""";
  /**
   * As {@link #ENQUEUE}, suppressed ($11, {@link RecipientLimit#REASON}) when the recipient already has $10 mails meant to be
   * sent within the last $9 ms. Run after {@link RecipientLimit#lock}: its snapshot, taken as it starts, sees every mail to the
   * address that a transaction holding the lock before committed.
   */
  private static final String ENQUEUE_WITHIN_RECIPIENT_LIMIT = """
    WITH judged AS (
      SELECT CASE WHEN count(*) >= $10 THEN $11::text END AS reason FROM mail_outbox
      WHERE recipient = $3 AND created_at > now() - $9::float8 * interval '1 millisecond' AND status <> 'suppressed')
    """ + INSERT_INTO + """

    SELECT $1, $2, $3, $4, $5, $6, $7::uuid, $8::uuid, CASE WHEN reason IS NULL THEN 'pending' ELSE 'suppressed' END, reason
    FROM judged
    RETURNING suppressed_reason""";

  private final Vertx vertx;
  private final String messageIdDomain;
  private final Suppression suppression;
  private final MeterRegistry registry;
  // a handful of reasons: remembered, so counting costs a map lookup
  private final ConcurrentMap<String, Counter> suppressed = new ConcurrentHashMap<>();

  /** An outbox that counts nothing: an operator command's, which serves no metrics. */
  public Outbox(Vertx vertx, String messageIdDomain, Suppression suppression) {
    this(vertx, messageIdDomain, suppression, new CompositeMeterRegistry());
  }

  /**
   * @param suppression its rules asked in order as a mail is queued (the first reason given suppresses it), then its limit
   *   per recipient
   * @param registry where suppressed mail is counted by reason (the outbox gauges count what waits, not what never will)
   */
  public Outbox(Vertx vertx, String messageIdDomain, Suppression suppression, MeterRegistry registry) {
    this.vertx = vertx;
    this.messageIdDomain = messageIdDomain;
    this.suppression = suppression;
    this.registry = registry;
  }

  /** @param client the transaction of the change */
  public Future<Queued> enqueue(SqlClient client, RenderedMail mail, String userId, String applicationId) {
    return enqueue(client, mail, Optional.of(userId), Optional.of(applicationId));
  }

  /**
   * @param userId the account the mail is about, if it is to stay linked to one (an erased account's last notice is not)
   * @param applicationId the application it is sent for, if any (none for an account an operator created)
   * @return whether the mail is to be sent, or kept unsent and why
   */
  public Future<Queued> enqueue(SqlClient client, RenderedMail mail, Optional<String> userId, Optional<String> applicationId) {
    // Fixed when queued, so every retry of this mail carries the same Message-ID and receivers can drop duplicates.
    String messageId = "<" + UUID.randomUUID() + "@" + messageIdDomain + ">";
    Tuple values = Tuple.of(messageId, mail.kind().wireName(), mail.recipient(), mail.subject(), mail.text(),
      mail.html().orElse(null), userId.map(UUID::fromString).orElse(null), applicationId.map(UUID::fromString).orElse(null));
    return ruledOut(client, mail, 0)
      .compose(reason -> reason.isPresent() || suppression.recipientLimit().isEmpty()
        ? client.preparedQuery(ENQUEUE).execute(values.addString(reason.orElse(null))).map(reason)
        : withinRecipientLimit(client, suppression.recipientLimit().get(), mail.recipient(), values))
      .map(reason -> {
        reason.ifPresent(this::countSuppressed);
        return new Queued(reason);
      });
  }

  private Future<Optional<String>> withinRecipientLimit(SqlClient client, RecipientLimit limit, String recipient,
                                                        Tuple values) {
    values.addDouble(limit.periodMillis()).addLong(limit.count()).addString(RecipientLimit.REASON);
    return limit.lock(client, recipient)
      .compose(locked -> client.preparedQuery(ENQUEUE_WITHIN_RECIPIENT_LIMIT).execute(values))
      .map(rows -> Optional.ofNullable(rows.iterator().next().getString("suppressed_reason")));
  }

  private void countSuppressed(String reason) {
    suppressed.computeIfAbsent(reason, key -> Counter.builder("lanyard.mail.suppressed")
        .description("Mails queued as suppressed, never to be sent, by reason (recipient_limit, synthetic, mail_mode_drop)")
        .tag("reason", reason)
        .register(registry))
      .increment();
  }

  private Future<Optional<String>> ruledOut(SqlClient client, RenderedMail mail, int rule) {
    List<SuppressionRule> rules = suppression.rules();
    if (rule == rules.size()) {
      return Future.succeededFuture(Optional.empty());
    }
    return rules.get(rule).reason(client, mail)
      .compose(reason -> reason.isPresent() ? Future.succeededFuture(reason) : ruledOut(client, mail, rule + 1));
  }

  /** Tells this instance's mail verticle that mail is waiting; the others find it at their next poll. */
  public void nudge() {
    vertx.eventBus().publish(Topics.MAIL_OUTBOX_NUDGE, null);
  }
}
