package io.lanyard.helpdesk;

import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.core.Future;

/**
 * Erases an account for the help desk ({@code users delete}, the console's "erase", for {@code admin} staff only): the
 * self-service erasure itself (personal data, sessions, links, unsent mail; a last notice), handed in by the bootstrap since
 * one feature wing does not import another, then recorded in the audit trail with who did it.
 */
public record EraseAccount(Erasure erasure, AuditTrail audit) {

  /** The erasure of an account by its id: whether there was one to erase. */
  @FunctionalInterface
  public interface Erasure {
    Future<Boolean> erase(String userId);
  }



  /** @return whether there was an account to erase */
  public Future<Boolean> handle(String userId, String actor, RequestOrigin origin) {
    return erasure.erase(userId).onSuccess(erased -> {
      if (erased) {
        audit.record(AuditEvent.of(AuditKind.ACCOUNT_DELETED, origin).withUser(userId).withDetail("by " + actor));
      }
    });
  }
}
