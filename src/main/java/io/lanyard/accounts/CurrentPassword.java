package io.lanyard.accounts;

import io.lanyard.api.RequestOrigin;
import io.lanyard.audit.AuditEvent;
import io.lanyard.audit.AuditKind;
import io.lanyard.audit.AuditTrail;
import io.lanyard.passwords.PasswordHasher;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.time.Duration;
import java.util.Optional;

/**
 * The check of a signed-in person's current password, before a change only they may make (a new password or address, an
 * erasure). It counts toward the lockout like a login: a locked identifier gets no bcrypt run at all, a wrong or missing
 * password is a failure, a right one clears them; and the audit trail records a refusal as it records a login's.
 */
public final class CurrentPassword {

  /** What the check found. */
  public enum Outcome { VERIFIED, WRONG, LOCKED }

  /**
   * @param account the caller's account, present when the password was verified
   * @param retryAfter how long the identifier stays locked, when {@code LOCKED}
   */
  public record Check(Outcome outcome, Optional<Credentials> account, Duration retryAfter) {

    static Check wrong() {
      return new Check(Outcome.WRONG, Optional.empty(), Duration.ZERO);
    }
  }

  private final Pool pool;
  private final UserRepository users;
  private final PasswordHasher hasher;
  private final LoginFailures failures;
  private final AuditTrail audit;

  public CurrentPassword(Pool pool, UserRepository users, PasswordHasher hasher, LoginFailures failures, AuditTrail audit) {
    this.pool = pool;
    this.users = users;
    this.hasher = hasher;
    this.failures = failures;
    this.audit = audit;
  }

  /**
   * @param password as sent: anything but a non-empty string is a missing password, counted as a wrong one
   * @param origin the request's, for the audit trail
   */
  public Future<Check> verify(String userId, Object password, RequestOrigin origin) {
    return check(userId, password).andThen(done -> {
      if (done.succeeded() && done.result().outcome() != Outcome.VERIFIED) {
        audit.record(AuditEvent.of(done.result().outcome() == Outcome.LOCKED ? AuditKind.LOGIN_LOCKED : AuditKind.LOGIN_FAILED,
          origin).withUser(userId).withDetail("current_password"));
      }
    });
  }

  private Future<Check> check(String userId, Object password) {
    return users.findCredentialsById(pool, userId).compose(found -> {
      if (found.isEmpty() || !found.get().canLogIn()) {
        return Future.succeededFuture(Check.wrong());
      }
      Credentials account = found.get();
      return failures.lockedFor(pool, account.email()).compose(locked -> {
        if (locked.isPresent()) {
          return Future.succeededFuture(new Check(Outcome.LOCKED, Optional.empty(), locked.get()));
        }
        if (!(password instanceof String given) || given.isEmpty()) {
          return failures.recordFailure(pool, account.email()).map(Check.wrong());
        }
        return hasher.verify(given, account.passwordHash()).compose(verification -> verification.matches()
          ? failures.clear(pool, account.email()).map(new Check(Outcome.VERIFIED, Optional.of(account), Duration.ZERO))
          : failures.recordFailure(pool, account.email()).map(Check.wrong()));
      });
    });
  }
}
