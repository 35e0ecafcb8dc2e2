package io.lanyard.selfservice.privacy;

import io.lanyard.model.accounts.CurrentPassword;
import io.lanyard.model.api.Reply;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.model.api.TooManyRequests;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.core.Future;

/**
 * POST /_plugin/{P}/user/deleteAccount {currentPassword} (Bearer): 0, the account erased | 192 wrong or missing current
 * password (counted toward the lockout) | 429 locked | internal 1. See {@link AccountErasure} for what erasing does.
 */
public record DeleteAccount(CurrentPassword currentPassword, AccountErasure erasure, AuditTrail audit) {

  public Future<Reply> handle(DeleteAccountRequest request) {
    String userId = request.caller().userId();
    return currentPassword.verify(userId, request.currentPassword(), request.origin())
      .compose(check -> switch (check.outcome()) {
        case LOCKED -> Future.succeededFuture(TooManyRequests.lockout(check.retryAfter()).reply());
        case WRONG -> Future.succeededFuture(Reply.of(Result.of(StatusCode.CURRENT_PASSWORD_WRONG)));
        case VERIFIED -> erasure.erase(userId).map(erased -> {
          audit.record(AuditEvent.of(AuditKind.ACCOUNT_DELETED, request.origin()).withUser(userId));
          return Reply.of(Result.success());
        });
      }).otherwise(failure -> Reply.of(StepFailure.toResult(failure, StatusCode.LIFECYCLE_UNEXPECTED)));
  }
}
