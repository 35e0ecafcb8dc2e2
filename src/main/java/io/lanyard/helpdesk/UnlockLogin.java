package io.lanyard.helpdesk;

import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.Emails;
import io.lanyard.model.accounts.LockState;
import io.lanyard.model.accounts.LoginFailures;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

/**
 * Lifts an identifier's login lockout: its failures are forgotten and its lock ends at once, on every instance (the lockout
 * lives in the database). The lockout counts unknown names as it counts addresses with an account, so this acts and answers
 * alike for both. Recorded in the audit trail with the staff member or operator who did it.
 */
public record UnlockLogin(SqlClient client, LoginFailures failures, AccountRepository accounts, AuditTrail audit) {

  /**
   * @param identifier the login name, as typed (it is normalised as the login normalises it)
   * @param actor who lifted the lock (an operator's login name, a staff account), kept in the event's detail
   * @return the lockout as it was before it was lifted
   */
  public Future<LockState> handle(String identifier, RequestOrigin origin, String actor) {
    String address = Emails.normalise(identifier);
    return failures.state(client, address)
      .compose(before -> failures.clear(client, address)
        .compose(cleared -> accounts.findByEmail(client, address))
        .map(account -> {
          AuditEvent event = AuditEvent.of(AuditKind.LOGIN_UNLOCKED, origin).withIdentifier(address)
            .withDetail("by " + actor + (before.isLocked() ? ", was locked" : "") + ", failures " + before.failures());
          audit.record(account.map(found -> event.withUser(found.id())).orElse(event));
          return before;
        }));
  }
}
