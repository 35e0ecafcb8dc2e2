package io.lanyard.signin.oidc;

import io.lanyard.model.accounts.AttemptKey;
import io.lanyard.model.accounts.Emails;
import io.lanyard.model.accounts.PasswordAttempts;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.model.api.RequestFields;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.services.throttling.DeviceMarkers;
import io.lanyard.signin.LoginAudit;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.time.Duration;
import java.util.Optional;

/**
 * POST {@code /account/login}: the hosted login page's password check, the one {@code /_login/local} runs
 * ({@link PasswordAttempts}: the hash queue's fair share, the lockout, one bcrypt run whatever the account, the dummy hash for
 * an unknown address) and the same audit trail, then an SSO session instead of a token. The page's per-source rate is the
 * login route's, spent before this runs. Unknown address, wrong password and inactive account are one outcome. A sign-in
 * leaves a new device marker for the page to keep in a cookie; one sent back for the same name is counted by the marker, not
 * the name (docs/security.md#device-markers).
 */
public final class SignIn {

  /** The outcome: signed in (with the session to set), wrong, or locked for {@code retryAfter}. */
  public enum Outcome { SIGNED_IN, WRONG, LOCKED }

  /** @param deviceMarker when signed in, the new device marker for the browser to keep */
  public record Result(Outcome outcome, Optional<SsoSessions.Opened> session, Duration retryAfter,
                       Optional<String> deviceMarker) {

    public static Result wrong() {
      return new Result(Outcome.WRONG, Optional.empty(), Duration.ZERO, Optional.empty());
    }
  }

  private final Pool pool;
  private final UserRepository users;
  private final PasswordAttempts attempts;
  private final SsoSessions sessions;
  private final AuditTrail audit;
  private final DeviceMarkers markers;

  SignIn(Pool pool, UserRepository users, PasswordAttempts attempts, SsoSessions sessions, AuditTrail audit,
         DeviceMarkers markers) {
    this.pool = pool;
    this.users = users;
    this.attempts = attempts;
    this.sessions = sessions;
    this.audit = audit;
    this.markers = markers;
  }

  /** How long the device marker a sign-in leaves stays good: the cookie is kept as long. */
  public Duration markerLifetime() {
    return markers.lifetime();
  }

  /**
   * @param applicationId the application of the client the person signs in to, for the audit trail
   * @param deviceMarker the browser's device marker cookie, if it sent one
   */
  public Future<Result> handle(String typed, String password, RequestOrigin origin, String applicationId,
                               Optional<String> deviceMarker) {
    if (typed.isBlank() || password.isEmpty()) {
      audit.record(AuditEvent.of(AuditKind.LOGIN_FAILED, origin).withApplication(applicationId)
        .withDetail("missing_credentials"));
      return Future.succeededFuture(Result.wrong());
    }
    if (RequestFields.hasNul(typed) || RequestFields.hasNul(password)) {
      audit.record(AuditEvent.of(AuditKind.LOGIN_FAILED, origin).withApplication(applicationId)
        .withDetail("malformed_credentials"));
      return Future.succeededFuture(Result.wrong());
    }
    String email = Emails.normalise(typed);
    AttemptKey key = new AttemptKey(email, markers.verify(deviceMarker, email).map(DeviceMarkers.Marker::lockoutIdentifier));
    return attempts.check(pool, key, password, origin.source(), () -> users.findCredentials(pool, email))
      .compose(checked -> {
        LoginAudit.record(audit, origin, email, checked, applicationId);
        return switch (checked.outcome()) {
          case LOCKED -> Future.succeededFuture(new Result(Outcome.LOCKED, Optional.empty(), checked.retryAfter(),
            Optional.empty()));
          case WRONG -> Future.succeededFuture(Result.wrong());
          case VERIFIED -> sessions.open(checked.account().orElseThrow().userId()).map(opened -> opened.isEmpty()
            ? Result.wrong()
            : new Result(Outcome.SIGNED_IN, opened, Duration.ZERO, Optional.of(markers.issue(email))));
        };
      });
  }

  /**
   * The hosted login page's passkey sign-in, once the passkey is verified ({@code PasskeySignIn#verify}): an SSO session as for a
   * password, refused for an account no longer active. No device marker: a passkey sign-in has no lockout to be exempt from.
   */
  public Future<Result> withPasskey(String userId, RequestOrigin origin, String applicationId) {
    return sessions.open(userId).map(opened -> {
      boolean signedIn = opened.isPresent();
      audit.record(AuditEvent.of(signedIn ? AuditKind.LOGIN_SUCCEEDED : AuditKind.LOGIN_FAILED, origin).withUser(userId)
        .withApplication(applicationId).withDetail(signedIn ? "passkey" : "account_not_active"));
      return signedIn ? new Result(Outcome.SIGNED_IN, opened, Duration.ZERO, Optional.empty()) : Result.wrong();
    });
  }
}
