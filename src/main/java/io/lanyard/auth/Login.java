package io.lanyard.auth;

import io.lanyard.accounts.Credentials;
import io.lanyard.accounts.Emails;
import io.lanyard.accounts.UserRepository;
import io.lanyard.api.ApiError;
import io.lanyard.api.Reply;
import io.lanyard.api.RequestFields;
import io.lanyard.audit.AuditEvent;
import io.lanyard.audit.AuditKind;
import io.lanyard.audit.AuditTrail;
import io.lanyard.passwords.PasswordHasher;
import io.lanyard.session.Sessions;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;

/**
 * POST /_login/{strategy}: the login result | 400 unknown strategy or bad expiresIn | 401 missing or wrong credentials.
 * Unknown address, wrong password and inactive account fail alike, after the same bcrypt work; the audit trail records which.
 * The new token is recorded among the user's sessions, which may end its oldest one ({@code security.maxSessionsPerUser}).
 */
public final class Login {

  private static final Logger log = LoggerFactory.getLogger(Login.class);
  private static final String LOCAL = "local";

  private final Pool pool;
  private final UserRepository users;
  private final PasswordHasher hasher;
  private final TokenService tokens;
  private final Sessions sessions;
  private final Expiry expiry;
  private final AuditTrail audit;

  public Login(Pool pool, UserRepository users, PasswordHasher hasher, TokenService tokens, Sessions sessions, Expiry expiry,
               AuditTrail audit) {
    this.pool = pool;
    this.users = users;
    this.hasher = hasher;
    this.tokens = tokens;
    this.sessions = sessions;
    this.expiry = expiry;
    this.audit = audit;
  }

  public Future<Reply> handle(LoginRequest request) {
    String strategy = request.strategy();
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
    return users.findCredentials(pool, email)
      .compose(account -> authenticate(account, secret).andThen(done -> {
        if (done.succeeded()) {
          recordOutcome(request, email, account, done.result());
        }
      }))
      .compose(userId -> userId.isEmpty() ? Future.succeededFuture(Reply.error(ApiError.wrongCredentials()))
        : open(userId.get(), ttl.ttlMillis()));
  }

  /**
   * The session is recorded under the user's lock, which reads the account again: one disabled since the password was checked
   * gets no token (and one disabled after it, a token its cut-off refuses).
   */
  private Future<Reply> open(String userId, long ttlMillis) {
    return sessions.open(userId, ttlMillis).map(session -> session
      .map(opened -> Reply.ok(tokens.issue(userId, ttlMillis, opened).toJson()))
      .orElseGet(() -> Reply.error(ApiError.wrongCredentials())));
  }

  /** Into the audit trail: which account logged in, or why a login failed (the reply does not tell). */
  private void recordOutcome(LoginRequest request, String email, Optional<Credentials> account, Optional<String> userId) {
    AuditEvent event = AuditEvent.of(userId.isPresent() ? AuditKind.LOGIN_SUCCEEDED : AuditKind.LOGIN_FAILED, request.origin())
      .withIdentifier(email)
      .withUser(account.map(Credentials::userId).orElse(null));
    if (userId.isEmpty()) {
      event = event.withDetail(account.isEmpty() ? "unknown_account"
        : account.get().canLogIn() ? "wrong_password" : "account_" + account.get().status().wireName());
    }
    audit.record(event);
  }

  /** The user id when the password matches an active account; one bcrypt run whatever the account. */
  private Future<Optional<String>> authenticate(Optional<Credentials> account, String password) {
    Optional<String> hash = account.filter(Credentials::canLogIn).flatMap(Credentials::passwordHash);
    return hasher.verify(password, hash).compose(verification -> {
      if (!verification.matches()) {
        return Future.succeededFuture(Optional.empty());
      }
      String userId = account.get().userId();
      if (!verification.needsRehash()) {
        return Future.succeededFuture(Optional.of(userId));
      }
      return upgradeHash(userId, hash.get(), password).map(Optional.of(userId));
    });
  }

  /** A hash of a lower cost than configured is replaced while the password is at hand; failing that only costs a log line. */
  private Future<Void> upgradeHash(String userId, String oldHash, String password) {
    return hasher.hash(password)
      .compose(newHash -> users.upgradePasswordHash(pool, userId, oldHash, newHash))
      .<Void>mapEmpty()
      .recover(failure -> {
        log.warn("Upgrading the password hash of user {} failed: {}", userId, failure.toString());
        return Future.succeededFuture();
      });
  }
}
