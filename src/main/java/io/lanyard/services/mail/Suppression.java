package io.lanyard.services.mail;

import java.util.List;
import java.util.Optional;

/**
 * What may keep a mail from SMTP as it is queued ({@link MailModes#suppression}): the rules asked in order, then, for mail none
 * of them suppressed, the limit per recipient, judged by the outbox's insert itself.
 */
public record Suppression(List<SuppressionRule> rules, Optional<RecipientLimit> recipientLimit) {

  public Suppression {
    rules = List.copyOf(rules);
  }
}
