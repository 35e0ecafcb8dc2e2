package io.lanyard.model.accounts;

import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

/**
 * The check of a signed-in person's current password, before a change only they may make (a new password or address, an
 * erasure). It counts toward the lockout like a login ({@link PasswordAttempts}): a locked identifier gets no bcrypt run at
 * all, a wrong or missing password is a failure, a right one clears them; and the audit trail records a refusal as it records
 * a login's.
 */
public record CurrentPassword(Pool pool, UserRepository users, PasswordAttempts attempts, AuditTrail audit) {

  /**
   * @param password as sent: anything but a non-empty string is a missing password, counted as a wrong one
   * @param origin the request's: its source's share of the hash queue, and the audit trail
   */
  public Future<PasswordAttempts.Checked> verify(String userId, Object password, RequestOrigin origin) {
    return check(userId, password, origin).andThen(done -> {
      if (done.succeeded() && done.result().outcome() != PasswordAttempts.Outcome.VERIFIED) {
        PasswordAttempts.Checked checked = done.result();
        audit.record(AuditEvent.of(checked.outcome() == PasswordAttempts.Outcome.LOCKED ? AuditKind.LOGIN_LOCKED
          : AuditKind.LOGIN_FAILED, origin).withUser(userId).withDetail("current_password"));
        if (checked.lockStarted()) {
          audit.record(AuditEvent.of(AuditKind.LOGIN_LOCKED, origin).withUser(userId).withDetail("lock_started"));
        }
      }
    });
  }

  private Future<PasswordAttempts.Checked> check(String userId, Object password, RequestOrigin origin) {
    return users.findCredentialsById(pool, userId).compose(found -> {
      if (found.isEmpty() || !found.get().canLogIn()) {
        return Future.succeededFuture(PasswordAttempts.Checked.wrong(found));
      }
      String given = password instanceof String text ? text : "";
      return attempts.check(pool, found.get().email(), given, origin.source(), () -> Future.succeededFuture(found));
    });
  }
}
