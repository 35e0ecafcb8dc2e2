package io.lanyard.helpdesk;

import io.lanyard.model.accounts.Emails;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.services.events.UserEvent;
import io.lanyard.services.events.UserEvents;
import io.lanyard.services.session.Sessions;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.util.Optional;

/**
 * Disables an account ({@code users disable}, the console's "disable"): it can no longer log in, and every token it holds is
 * refused at once on every instance, as are its single sign-on sessions (the session cut-off ends them too). Recorded in the
 * audit trail with who did it.
 */
public record DisableAccount(Pool pool, UserRepository users, UserEvents events, Sessions sessions, AuditTrail audit) {

  /**
   * @param actor who disabled it (an operator's login name, a staff member's id), kept in the event's detail
   * @return the account's id, or empty when no account (not erased) has the address
   */
  public Future<Optional<String>> handle(String email, String actor, RequestOrigin origin) {
    String address = Emails.normalise(email);
    return pool.withTransaction(tx -> users.disable(tx, address)
        .compose(disabled -> disabled.isEmpty() ? Future.succeededFuture(disabled)
          : events.record(tx, UserEvent.disabled(disabled.get())).map(disabled)))
      .compose(disabled -> {
        if (disabled.isEmpty()) {
          return Future.succeededFuture(disabled);
        }
        audit.record(AuditEvent.of(AuditKind.ACCOUNT_DISABLED, origin).withUser(disabled.get()).withIdentifier(address)
          .withDetail("by " + actor));
        // cut after the status change committed: a login that read the account as active was stamped before this instant
        return sessions.endAll(disabled.get(), System.currentTimeMillis()).map(disabled);
      });
  }
}
