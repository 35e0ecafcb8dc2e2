package io.lanyard.selfservice.credentials;

import io.lanyard.model.accounts.CurrentPassword;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Caller;
import io.lanyard.model.api.Reply;
import io.lanyard.model.api.TooManyRequests;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.model.passwords.PasswordHasher;
import io.lanyard.model.passwords.Passwords;
import io.lanyard.services.lifecycle.PasswordChange;
import io.lanyard.services.session.SessionCutoff;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;

import java.util.Optional;

/**
 * PUT /credentials/local/_me/_update {password, currentPassword} (Bearer): {@code {username, kuid}} | 400 unknown strategy,
 * missing or invalid new password | 401 wrong or missing current password (counted toward the lockout) | 429 locked. Every
 * other token of the caller is refused from then on; the token of this request stays valid. A {@code password_changed} notice
 * is queued.
 */
public record UpdateMyCredentials(Pool pool, CurrentPassword currentPassword, PasswordHasher hasher, UserRepository users,
                             PasswordChange change, AuditTrail audit) {

  private static final String LOCAL = "local";



  public Future<Reply> handle(UpdateCredentialsRequest request) {
    if (!LOCAL.equals(request.strategy())) {
      return Future.succeededFuture(Reply.error(ApiError.badRequest(
        "Unknown authentication strategy \"" + request.strategy() + "\"", "security.credentials.unknown_strategy")));
    }
    // The new password is checked first: a request that cannot succeed costs no bcrypt run and counts no failure.
    if (!(request.password() instanceof String password) || password.isEmpty()) {
      return Future.succeededFuture(Reply.error(ApiError.badRequest("Missing argument \"body.password\"",
        "api.assert.missing_argument")));
    }
    Optional<String> problem = Passwords.problem(password);
    if (problem.isPresent()) {
      return Future.succeededFuture(Reply.error(ApiError.badRequest("Invalid argument \"body.password\": " + problem.get()
        + " (8 characters to 72 UTF-8 bytes)", "api.assert.invalid_argument")));
    }
    Caller caller = request.caller();
    return currentPassword.verify(caller.userId(), request.currentPassword(), request.origin())
      .compose(check -> switch (check.outcome()) {
        case LOCKED -> Future.succeededFuture(TooManyRequests.lockout(check.retryAfter()).reply());
        case WRONG -> Future.succeededFuture(Reply.error(ApiError.wrongCredentials()));
        case VERIFIED -> hasher.hash(password, request.origin().source())
          .compose(hash -> replace(request, check.account().orElseThrow().email(), hash));
      });
  }

  private Future<Reply> replace(UpdateCredentialsRequest request, String email, String hash) {
    Caller caller = request.caller();
    return pool.withTransaction(tx -> users.setPasswordHash(tx, caller.userId(), hash)
        .compose(set -> set
          ? change.follow(tx, caller.userId(), Optional.of(caller.tokenId())).map(Optional::of)
          : Future.succeededFuture(Optional.<SessionCutoff>empty())))
      .map(cutoff -> {
        if (cutoff.isEmpty()) {
          return Reply.error(ApiError.revokedToken());
        }
        change.committed(cutoff.get());
        audit.record(AuditEvent.of(AuditKind.PASSWORD_CHANGED, request.origin()).withUser(caller.userId()));
        return Reply.ok(new JsonObject().put("username", email).put("kuid", caller.userId()));
      });
  }
}
