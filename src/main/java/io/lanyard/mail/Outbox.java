package io.lanyard.mail;

import io.lanyard.config.Topics;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.UUID;

/**
 * Where operations put mail: a row of {@code mail_outbox}, written in the same transaction as the change that causes it, so a
 * mail exists exactly when its change committed. After the commit, {@link #nudge()} wakes the mail verticle.
 */
public final class Outbox {

  private static final String ENQUEUE = """
    INSERT INTO mail_outbox (message_id, kind, recipient, subject, text_body, html_body, user_id, application_id)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)""";

  private final Vertx vertx;
  private final String messageIdDomain;

  public Outbox(Vertx vertx, String messageIdDomain) {
    this.vertx = vertx;
    this.messageIdDomain = messageIdDomain;
  }

  /** @param client the transaction of the change */
  public Future<Void> enqueue(SqlClient client, RenderedMail mail, String userId, String applicationId) {
    // Fixed when queued, so every retry of this mail carries the same Message-ID and receivers can drop duplicates.
    String messageId = "<" + UUID.randomUUID() + "@" + messageIdDomain + ">";
    Tuple values = Tuple.of(messageId, mail.kind().wireName(), mail.recipient(), mail.subject(), mail.text(),
      mail.html().orElse(null), UUID.fromString(userId), UUID.fromString(applicationId));
    return client.preparedQuery(ENQUEUE).execute(values).mapEmpty();
  }

  /** Tells this instance's mail verticle that mail is waiting; the others find it at their next poll. */
  public void nudge() {
    vertx.eventBus().publish(Topics.MAIL_OUTBOX_NUDGE, null);
  }
}
