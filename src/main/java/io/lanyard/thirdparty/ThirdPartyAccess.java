package io.lanyard.thirdparty;

import io.lanyard.api.Caller;
import io.lanyard.api.StatusCode;
import io.lanyard.api.StepFailure;
import io.lanyard.user.Account;
import io.lanyard.user.AccountRepository;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.util.Optional;

import static io.lanyard.api.StatusCode.UPDATE_APPLICATION_LOOKUP_FAILED;
import static io.lanyard.api.StatusCode.UPDATE_USER_LOOKUP_FAILED;

/**
 * Who a third-party request may touch: the application must be admitted (149, 140), its scope must reach the target (181),
 * and the target must exist (139). With scope {@code self}, any address but the caller's own is 181, whether or not it exists:
 * such an application learns nothing about other accounts.
 */
public final class ThirdPartyAccess {

  /** The target account, or the refusal. */
  public record Grant(Account user, StatusCode refusal) {

    static Grant to(Account user) {
      return new Grant(user, null);
    }

    static Grant refused(StatusCode refusal) {
      return new Grant(null, refusal);
    }

    public boolean isGranted() {
      return refusal == null;
    }
  }

  private final Pool pool;
  private final ApplicationDirectory applications;
  private final AccountRepository accounts;

  public ThirdPartyAccess(Pool pool, ApplicationDirectory applications, AccountRepository accounts) {
    this.pool = pool;
    this.applications = applications;
    this.accounts = accounts;
  }

  public Future<Grant> resolve(Caller caller, String appToken, String email) {
    return applications.admit(appToken)
      .recover(StepFailure.as(UPDATE_APPLICATION_LOOKUP_FAILED))
      .compose(admission -> {
        if (!admission.isAdmitted()) {
          return Future.succeededFuture(Grant.refused(admission.refusal()));
        }
        UserScope scope = admission.application().userScope();
        if (scope == UserScope.NONE) {
          return Future.succeededFuture(Grant.refused(StatusCode.APPLICATION_NOT_AUTHORIZED));
        }
        return accounts.findByEmail(pool, email)
          .recover(StepFailure.as(UPDATE_USER_LOOKUP_FAILED))
          .map(user -> decide(scope, caller, user));
      });
  }

  private static Grant decide(UserScope scope, Caller caller, Optional<Account> user) {
    if (scope == UserScope.SELF) {
      return user.filter(target -> target.id().equals(caller.userId())).map(Grant::to)
        .orElseGet(() -> Grant.refused(StatusCode.APPLICATION_NOT_AUTHORIZED));
    }
    return user.map(Grant::to).orElseGet(() -> Grant.refused(StatusCode.EMAIL_NOT_FOUND));
  }
}
