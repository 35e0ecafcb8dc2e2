package io.lanyard.auth;

import io.lanyard.accounts.Credentials;
import io.lanyard.accounts.Emails;
import io.lanyard.accounts.UserRepository;
import io.lanyard.api.ApiError;
import io.lanyard.api.Reply;
import io.lanyard.api.RequestFields;
import io.lanyard.passwords.PasswordHasher;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;

/**
 * POST /_login/{strategy}: the login result | 400 unknown strategy or bad expiresIn | 401 missing or wrong credentials.
 * Unknown address, wrong password and inactive account fail alike, after the same bcrypt work.
 */
public final class Login {

  private static final Logger log = LoggerFactory.getLogger(Login.class);
  private static final String LOCAL = "local";

  private final Pool pool;
  private final UserRepository users;
  private final PasswordHasher hasher;
  private final TokenService tokens;
  private final Expiry expiry;

  public Login(Pool pool, UserRepository users, PasswordHasher hasher, TokenService tokens, Expiry expiry) {
    this.pool = pool;
    this.users = users;
    this.hasher = hasher;
    this.tokens = tokens;
    this.expiry = expiry;
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
      return Future.succeededFuture(Reply.error(ApiError.missingCredentials()));
    }
    if (RequestFields.hasNul(name) || RequestFields.hasNul(secret)) {
      // no account can have such a name, so nothing is read or hashed: no account state shows in the reply or its time
      return Future.succeededFuture(Reply.error(ApiError.wrongCredentials()));
    }
    // Stamped before the account is read: a disable landing after the read still cuts the new token off.
    long issuedAt = System.currentTimeMillis();
    return users.findCredentials(pool, Emails.normalise(name))
      .compose(account -> authenticate(account, secret))
      .map(userId -> userId
        .map(id -> Reply.ok(tokens.issue(id, ttl.ttlMillis(), issuedAt).toJson()))
        .orElseGet(() -> Reply.error(ApiError.wrongCredentials())));
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
