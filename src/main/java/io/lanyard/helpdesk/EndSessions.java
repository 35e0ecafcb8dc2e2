package io.lanyard.helpdesk;

import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.services.session.Sessions;
import io.vertx.core.Future;

/**
 * Ends every session of an account ({@code users end-sessions}, the console's "end every session"): every token it holds is
 * refused at once on every instance, and its single sign-on sessions end with them; the account itself is unchanged, and its
 * owner simply logs in again. Recorded in the audit trail with who did it.
 */
public record EndSessions(Sessions sessions, AuditTrail audit) {

  public Future<Void> handle(String userId, String actor, RequestOrigin origin) {
    return sessions.endAll(userId, System.currentTimeMillis()).onSuccess(done ->
      audit.record(AuditEvent.of(AuditKind.SESSIONS_ENDED, origin).withUser(userId).withDetail("by " + actor)));
  }
}
