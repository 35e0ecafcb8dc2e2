package io.lanyard.helpdesk;

import io.lanyard.model.accounts.Emails;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.util.Optional;

/**
 * Enables a disabled account ({@code users enable}, the console's "enable"): it may log in again, its old tokens stay refused;
 * one that never set its password goes back to pending. Recorded in the audit trail with who did it.
 */
public record EnableAccount(SqlClient client, UserRepository users, AuditTrail audit) {

  /** @return the account's id, or empty when no disabled account has the address */
  public Future<Optional<String>> handle(String email, String actor, RequestOrigin origin) {
    String address = Emails.normalise(email);
    return users.enable(client, address).map(enabled -> {
      enabled.ifPresent(id -> audit.record(AuditEvent.of(AuditKind.ACCOUNT_ENABLED, origin).withUser(id)
        .withIdentifier(address).withDetail("by " + actor)));
      return enabled;
    });
  }
}
