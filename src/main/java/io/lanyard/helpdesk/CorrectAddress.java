package io.lanyard.helpdesk;

import io.lanyard.model.accounts.Emails;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.core.Future;

import java.util.Optional;

/**
 * Corrects a mistyped address as {@code requestEmailChange} does once the password is checked: the new address gets a
 * confirmation link (or, when another account has it, the notice saying so, with the same answer here), and the old one stays
 * the account's until the link is followed. Staff never see the link. Recorded in the audit trail with who asked for it.
 */
public record CorrectAddress(ChangeSender sender, AuditTrail audit) {

  /** The self-service part that writes the pending change and queues its mail, handed in by the bootstrap. */
  @FunctionalInterface
  public interface ChangeSender {
    Future<Result> sendFor(String userId, String newEmail);
  }

  public enum Outcome {
    /** the link (or the "in use" notice) is on its way */
    QUEUED,
    /** not an e-mail address: nothing was done */
    INVALID,
    /** the account already has that address: nothing to send */
    UNCHANGED,
    /** the account's application has no link URL or template for it */
    NOT_SENT
  }

  /** @return the address typed, normalised, if it is one */
  public static Optional<String> address(String typed) {
    String normalised = typed == null ? "" : Emails.normalise(typed);
    return Emails.isValid(normalised) ? Optional.of(normalised) : Optional.empty();
  }

  /** @param newEmail as typed; normalised here */
  public Future<Outcome> handle(String userId, String email, String newEmail, String actor, RequestOrigin origin) {
    Optional<String> address = address(newEmail);
    if (address.isEmpty()) {
      return Future.succeededFuture(Outcome.INVALID);
    }
    String normalised = address.get();
    if (normalised.equals(email)) {
      return Future.succeededFuture(Outcome.UNCHANGED);
    }
    return sender.sendFor(userId, normalised).map(result -> {
      if (result.status() != StatusCode.SUCCESS) {
        return Outcome.NOT_SENT;
      }
      // the new address stays out of the trail until it is proven the account's (email.changed says it then)
      audit.record(AuditEvent.of(AuditKind.EMAIL_CHANGE_REQUESTED, origin).withUser(userId).withIdentifier(email)
        .withDetail("by " + actor));
      return Outcome.QUEUED;
    });
  }
}
