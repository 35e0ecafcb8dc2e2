package io.lanyard.services.mail;

import java.util.Optional;

/**
 * What became of a mail put in the outbox: pending (to be sent), or kept unsent for a suppression rule's reason.
 *
 * @param suppressedFor the rule's reason ({@code recipient_limit}, {@code synthetic}, ...), empty when it is to be sent
 */
public record Queued(Optional<String> suppressedFor) {

  /**
   * Whether the mail was held back because its address already had all the mail it may get in the period: a link in it
   * reaches nobody, so it must not take the place of a link that did (docs/decisions.md §7).
   */
  public boolean overRecipientLimit() {
    return suppressedFor.filter(RecipientLimit.REASON::equals).isPresent();
  }
}
