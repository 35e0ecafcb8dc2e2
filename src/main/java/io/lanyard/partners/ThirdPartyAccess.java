package io.lanyard.partners;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.core.Future;

import java.util.Optional;

import static io.lanyard.model.api.StatusCode.UPDATE_APPLICATION_LOOKUP_FAILED;

/**
 * Which accounts a third-party request may touch: the application must be admitted (149, 140) and its scope reach further
 * than nobody (181). Scope {@code any} reaches every account; scope {@code self} only the caller's own. Decided from memory:
 * the operation then reads or writes in one statement restricted to that reach. Every refusal goes to the audit trail.
 */
public record ThirdPartyAccess(ApplicationDirectory applications, AuditTrail audit) {

  /** The reach of an admitted application (and the application), or the refusal. */
  public record Reach(Application application, Optional<String> onlyUserId, StatusCode refusal) {

    static Reach refused(Application application, StatusCode refusal) {
      return new Reach(application, Optional.empty(), refusal);
    }

    public boolean isRefused() {
      return refusal != null;
    }

    public boolean includes(Account account) {
      return onlyUserId.map(account.id()::equals).orElse(true);
    }

    /**
     * The answer for an address outside the reach: 139 when no account has it; for a self-scoped application 181 whether
     * or not one does, so such an application learns nothing about other addresses.
     */
    public StatusCode outOfReach() {
      return onlyUserId.isPresent() ? StatusCode.APPLICATION_NOT_AUTHORIZED : StatusCode.EMAIL_NOT_FOUND;
    }
  }



  public Future<Reach> reach(ThirdPartyRequest request) {
    return applications.admit(request.appToken())
      .recover(StepFailure.as(UPDATE_APPLICATION_LOOKUP_FAILED))
      .map(admission -> {
        if (!admission.isAdmitted()) {
          return refused(request, admission.application(), admission.refusal());
        }
        Application application = admission.application();
        return switch (application.userScope()) {
          case NONE -> refused(request, application, StatusCode.APPLICATION_NOT_AUTHORIZED);
          case SELF -> new Reach(application, Optional.of(request.caller().userId()), null);
          case ANY -> new Reach(application, Optional.empty(), null);
        };
      });
  }

  /** The reply for an address outside the reach; a self-scoped application reaching for another account is audited. */
  public Result outOfReach(ThirdPartyRequest request, Reach reach) {
    StatusCode answer = reach.outOfReach();
    if (answer == StatusCode.APPLICATION_NOT_AUTHORIZED) {
      record(request, reach.application(), answer);
    }
    return Result.of(answer);
  }

  private Reach refused(ThirdPartyRequest request, Application application, StatusCode refusal) {
    record(request, application, refusal);
    return Reach.refused(application, refusal);
  }

  private void record(ThirdPartyRequest request, Application application, StatusCode refusal) {
    audit.record(ApplicationDirectory.tokenRefused(request.origin(), application, refusal)
      .withUser(request.caller().userId())
      .withIdentifier(request.email()));
  }
}
