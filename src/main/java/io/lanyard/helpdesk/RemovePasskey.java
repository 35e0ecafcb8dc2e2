package io.lanyard.helpdesk;

import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.model.passkeys.PasskeyRepository;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.util.Base64;

/**
 * Removes one of a person's passkeys for the help desk (a lost phone, a person locked out of a device): it signs in nobody
 * from then on. Recorded in the audit trail with who removed it.
 */
public record RemovePasskey(SqlClient client, PasskeyRepository passkeys, AuditTrail audit) {

  /**
   * @param passkeyId the passkey's {@code _id} (base64url), as {@code users passkeys} lists it; one that is not base64url is
   *   nobody's
   * @param actor who removed it, kept in the event's detail
   * @return whether the account had that passkey
   */
  public Future<Boolean> handle(String userId, String passkeyId, RequestOrigin origin, String actor) {
    byte[] credentialId;
    try {
      credentialId = Base64.getUrlDecoder().decode(passkeyId);
    } catch (IllegalArgumentException e) {
      return Future.succeededFuture(false);
    }
    return passkeys.remove(client, userId, credentialId).map(removed -> {
      if (removed) {
        audit.record(AuditEvent.of(AuditKind.PASSKEY_REMOVED, origin).withUser(userId).withDetail("by " + actor));
      }
      return removed;
    });
  }
}
