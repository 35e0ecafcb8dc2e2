package io.lanyard.model.audit;

import java.util.Optional;

/**
 * The security events the audit trail records. Refusals are {@code foldable}: from one source, past a threshold per minute,
 * they are counted in one row rather than written one by one (a flood must not fill the table).
 */
public enum AuditKind {
  LOGIN_SUCCEEDED("login.succeeded", false),
  LOGIN_FAILED("login.failed", true),
  LOGIN_LOCKED("login.locked", true),
  PASSWORD_RESET_REQUESTED("password_reset.requested", true),
  PASSWORD_RESET_COMPLETED("password_reset.completed", false),
  PASSWORD_CHANGED("password.changed", false),
  EMAIL_CHANGE_REQUESTED("email_change.requested", false),
  EMAIL_CHANGED("email.changed", false),
  ACCOUNT_DISABLED("account.disabled", false),
  ACCOUNT_ENABLED("account.enabled", false),
  ACCOUNT_DELETED("account.deleted", false),
  APP_TOKEN_REFUSED("app_token.refused", true),
  OIDC_SIGNED_IN("oidc.signed_in", false),
  OIDC_CONSENT_GRANTED("oidc.consent_granted", false),
  OIDC_CONSENT_REVOKED("oidc.consent_revoked", false),
  OIDC_LOGGED_OUT("oidc.logged_out", false),
  OIDC_CODE_REUSED("oidc.code_reused", false),
  OIDC_REFRESH_REUSED("oidc.refresh_reused", false),
  LOGIN_UNLOCKED("login.unlocked", false),
  PASSKEY_ADDED("passkey.added", false),
  PASSKEY_REMOVED("passkey.removed", false),
  PASSKEY_CLONED("passkey.cloned", false),
  SESSIONS_ENDED("sessions.ended", false),
  ACCOUNT_EXPORTED("account.exported", false),
  STAFF_GRANTED("staff.granted", false),
  STAFF_REVOKED("staff.revoked", false),
  CONSOLE_SIGNED_IN("console.signed_in", false),
  CONSOLE_REFUSED("console.refused", true);

  private final String wireName;
  private final boolean foldable;

  AuditKind(String wireName, boolean foldable) {
    this.wireName = wireName;
    this.foldable = foldable;
  }

  public String wireName() {
    return wireName;
  }

  public boolean isFoldable() {
    return foldable;
  }

  public static Optional<AuditKind> fromWire(String value) {
    for (AuditKind kind : values()) {
      if (kind.wireName.equals(value)) {
        return Optional.of(kind);
      }
    }
    return Optional.empty();
  }
}
