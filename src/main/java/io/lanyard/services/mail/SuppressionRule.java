package io.lanyard.services.mail;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.util.Optional;

/**
 * A rule that may keep a mail from SMTP as it is queued: the mail is then written with status {@code suppressed} and the
 * rule's reason ({@code recipient_limit}, {@code synthetic}, ...), and never sent. The request that queued it answers exactly
 * as usual, so no rule tells a caller anything about the recipient.
 */
@FunctionalInterface
public interface SuppressionRule {

  /** @param client the transaction queueing the mail; a rule may read (or lock) through it */
  Future<Optional<String>> reason(SqlClient client, RenderedMail mail);
}
