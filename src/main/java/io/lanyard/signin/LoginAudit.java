package io.lanyard.signin;

import io.lanyard.model.accounts.Credentials;
import io.lanyard.model.accounts.PasswordAttempts;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;

import java.util.Optional;

/**
 * A password sign-in's outcome in the audit trail, the login route's and the hosted login page's alike: which account
 * signed in, or why an attempt failed or was refused (the reply does not tell).
 */
public final class LoginAudit {

  private LoginAudit() {
  }

  /** @param applicationId the application of the client signed in to through the hosted page; null for the login route */
  public static void record(AuditTrail audit, RequestOrigin origin, String email, PasswordAttempts.Checked checked,
                            String applicationId) {
    Optional<Credentials> account = checked.account();
    String userId = account.map(Credentials::userId).orElse(null);
    if (checked.outcome() == PasswordAttempts.Outcome.LOCKED) {
      audit.record(AuditEvent.of(AuditKind.LOGIN_LOCKED, origin).withIdentifier(email).withApplication(applicationId)
        .withDetail("locked"));
      return;
    }
    AuditEvent event = AuditEvent.of(checked.outcome() == PasswordAttempts.Outcome.VERIFIED ? AuditKind.LOGIN_SUCCEEDED
      : AuditKind.LOGIN_FAILED, origin).withIdentifier(email).withUser(userId).withApplication(applicationId);
    if (checked.outcome() == PasswordAttempts.Outcome.WRONG) {
      event = event.withDetail(account.isEmpty() ? "unknown_account"
        : account.get().canLogIn() ? "wrong_password" : "account_" + account.get().status().wireName());
    }
    audit.record(event);
    if (checked.lockStarted()) {
      audit.record(AuditEvent.of(AuditKind.LOGIN_LOCKED, origin).withIdentifier(email).withUser(userId)
        .withApplication(applicationId).withDetail("lock_started"));
    }
  }
}
