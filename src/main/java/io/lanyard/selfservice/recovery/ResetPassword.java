package io.lanyard.selfservice.recovery;

import io.lanyard.model.passwords.PasswordByLink;
import io.lanyard.model.accounts.PasswordResetRepository;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.model.passwords.PasswordHasher;
import io.lanyard.platform.support.SecretTokens;
import io.lanyard.services.lifecycle.PasswordChange;
import io.lanyard.services.session.SessionCutoff;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;

import java.util.Optional;

/**
 * POST /_plugin/{P}/user/resetPassword {token, password}: 0 with {@code data._id} | 131 | 190 | 191 | internal 1. The new hash
 * replaces the old one and the link is used up, in one statement (concurrent uses of one link: one succeeds); every token of
 * the account issued before is refused from then on, its lockout is lifted, and a {@code password_changed} notice is queued.
 */
public record ResetPassword(Pool pool, PasswordResetRepository resets, PasswordHasher hasher, PasswordChange change,
                       AuditTrail audit) {

  public Future<Result> handle(PasswordByLink request) {
    if (request.refusal().isPresent()) {
      return Future.succeededFuture(request.refusal().get());
    }
    byte[] tokenHash = SecretTokens.sha256(request.token());
    // Checked before the bcrypt work, so a stream of made-up tokens costs a lookup each, not a hash.
    return resets.findUsable(pool, tokenHash)
      .compose(userId -> userId.isEmpty()
        ? Future.succeededFuture(Result.of(StatusCode.LINK_TOKEN_INVALID))
        : hasher.hash(request.password(), request.origin().source()).compose(hash -> reset(tokenHash, hash)))
      .andThen(done -> {
        if (done.succeeded() && done.result().status() == StatusCode.SUCCESS) {
          audit.record(AuditEvent.of(AuditKind.PASSWORD_RESET_COMPLETED, request.origin())
            .withUser(done.result().data().getString("_id")));
        }
      })
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.LIFECYCLE_UNEXPECTED));
  }

  private Future<Result> reset(byte[] tokenHash, String passwordHash) {
    return pool.withTransaction(tx -> resets.useForPassword(tx, tokenHash, passwordHash)
        .compose(userId -> userId.isEmpty()
          ? Future.succeededFuture(Optional.<Done>empty())
          : change.follow(tx, userId.get(), Optional.empty()).map(cutoff -> Optional.of(new Done(userId.get(), cutoff)))))
      .map(done -> {
        if (done.isEmpty()) {
          return Result.of(StatusCode.LINK_TOKEN_INVALID);
        }
        change.committed(done.get().cutoff());
        return Result.success(new JsonObject().put("_id", done.get().userId()));
      });
  }

  private record Done(String userId, SessionCutoff cutoff) {
  }
}
