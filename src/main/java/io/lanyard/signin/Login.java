package io.lanyard.signin;

import io.lanyard.model.accounts.AttemptKey;
import io.lanyard.model.accounts.Credentials;
import io.lanyard.model.accounts.Emails;
import io.lanyard.model.accounts.PasswordAttempts;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Reply;
import io.lanyard.model.api.RequestFields;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.api.TooManyRequests;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.model.passwords.PasswordHasher;
import io.lanyard.services.session.Sessions;
import io.lanyard.services.throttling.DeviceMarkers;
import io.lanyard.signin.passkeys.PasskeySignIn;
import io.lanyard.signin.tokens.Expiry;
import io.lanyard.signin.tokens.TokenService;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;


/**
 * POST /_login/{strategy}: the login result | 400 unknown strategy or bad expiresIn | 401 missing or wrong credentials | 429
 * the identifier is locked (docs/decisions.md §7) | 503 the hash queue is full. Unknown address, wrong password and inactive account
 * fail alike, after the same bcrypt work, and are locked alike; the audit trail records which. The new token is recorded
 * among the user's sessions, which may end its oldest one ({@code security.maxSessionsPerUser}). A success answers a new device
 * marker ({@code deviceToken}); a login sending a valid one for its name back in {@code X-Lanyard-Device} is counted by the
 * marker, not the name (docs/security.md#device-markers).
 */
public final class Login {

  private static final Logger log = LoggerFactory.getLogger(Login.class);
  private static final String LOCAL = "local";
  private static final String PASSKEY = "passkey";

  private final Pool pool;
  private final UserRepository users;
  private final PasswordAttempts attempts;
  private final PasswordHasher hasher;
  private final TokenService tokens;
  private final Sessions sessions;
  private final Expiry expiry;
  private final AuditTrail audit;
  private final DeviceMarkers markers;
  private final Optional<PasskeySignIn> passkeys;

  /** @param passkeys the {@code passkey} strategy, when the service has a public address (docs/api.md#passkeys) */
  public Login(Pool pool, UserRepository users, PasswordAttempts attempts, PasswordHasher hasher, TokenService tokens,
               Sessions sessions, Expiry expiry, AuditTrail audit, DeviceMarkers markers, Optional<PasskeySignIn> passkeys) {
    this.pool = pool;
    this.users = users;
    this.attempts = attempts;
    this.hasher = hasher;
    this.tokens = tokens;
    this.sessions = sessions;
    this.expiry = expiry;
    this.audit = audit;
    this.markers = markers;
    this.passkeys = passkeys;
  }

  public Future<Reply> handle(LoginRequest request) {
    String strategy = request.strategy();
    if (PASSKEY.equals(strategy) && passkeys.isPresent()) {
      return passkeys.get().signIn(request.credential(), request.expiresIn(), request.origin());
    }
    if (!LOCAL.equals(strategy)) {
      return Future.succeededFuture(Reply.error(ApiError.badRequest(
        "Unknown authentication strategy \"" + strategy + "\"", "security.credentials.unknown_strategy")));
    }
    Expiry.Parsed ttl = expiry.parse(request.expiresIn());
    if (ttl.error() != null) {
      return Future.succeededFuture(Reply.error(ttl.error()));
    }
    if (!(request.username() instanceof String name) || name.isBlank()
      || !(request.password() instanceof String secret) || secret.isEmpty()) {
      audit.record(AuditEvent.of(AuditKind.LOGIN_FAILED, request.origin()).withDetail("missing_credentials"));
      return Future.succeededFuture(Reply.error(ApiError.missingCredentials()));
    }
    if (RequestFields.hasNul(name) || RequestFields.hasNul(secret)) {
      // no account can have such a name, so nothing is read or hashed: no account state shows in the reply or its time
      audit.record(AuditEvent.of(AuditKind.LOGIN_FAILED, request.origin()).withDetail("malformed_credentials"));
      return Future.succeededFuture(Reply.error(ApiError.wrongCredentials()));
    }
    String email = Emails.normalise(name);
    RequestOrigin origin = request.origin();
    AttemptKey key = new AttemptKey(email,
      markers.verify(request.deviceMarker(), email).map(DeviceMarkers.Marker::lockoutIdentifier));
    return attempts.check(pool, key, secret, origin.source(), () -> users.findCredentials(pool, email))
      .andThen(done -> {
        if (done.succeeded()) {
          LoginAudit.record(audit, origin, email, done.result(), null);
        }
      })
      .compose(checked -> switch (checked.outcome()) {
        case LOCKED -> Future.succeededFuture(TooManyRequests.lockout(checked.retryAfter()).reply());
        case WRONG -> Future.succeededFuture(Reply.error(ApiError.wrongCredentials()));
        case VERIFIED -> upgradeIfWeak(checked, secret, origin.source()).compose(userId -> open(userId, ttl.ttlMillis(), email));
      });
  }

  /**
   * The session is recorded under the user's lock, which reads the account again: one disabled since the password was checked
   * gets no token (and one disabled after it, a token its cut-off refuses).
   */
  private Future<Reply> open(String userId, long ttlMillis, String email) {
    return sessions.open(userId, ttlMillis).map(session -> session
      .map(opened -> Reply.ok(tokens.issue(userId, ttlMillis, opened).toJson().put("deviceToken", markers.issue(email))))
      .orElseGet(() -> Reply.error(ApiError.wrongCredentials())));
  }

  /** The account's id, once its hash is of the configured cost (a weaker one is replaced while the password is at hand). */
  private Future<String> upgradeIfWeak(PasswordAttempts.Checked checked, String password, String source) {
    Credentials account = checked.account().orElseThrow();
    if (!checked.verification().orElseThrow().needsRehash()) {
      return Future.succeededFuture(account.userId());
    }
    return upgradeHash(account.userId(), account.passwordHash().orElseThrow(), password, source).map(account.userId());
  }

  /** A hash of a lower cost than configured is replaced while the password is at hand; failing that only costs a log line. */
  private Future<Void> upgradeHash(String userId, String oldHash, String password, String source) {
    return hasher.hash(password, source)
      .compose(newHash -> users.upgradePasswordHash(pool, userId, oldHash, newHash))
      .<Void>mapEmpty()
      .recover(failure -> {
        log.warn("Upgrading the password hash of user {} failed: {}", userId, failure.toString());
        return Future.succeededFuture();
      });
  }
}
