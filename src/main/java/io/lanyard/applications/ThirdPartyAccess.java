package io.lanyard.applications;

import io.lanyard.accounts.Account;
import io.lanyard.api.Caller;
import io.lanyard.api.StatusCode;
import io.lanyard.api.StepFailure;
import io.vertx.core.Future;

import java.util.Optional;

import static io.lanyard.api.StatusCode.UPDATE_APPLICATION_LOOKUP_FAILED;

/**
 * Which accounts a third-party request may touch: the application must be admitted (149, 140) and its scope reach further
 * than nobody (181). Scope {@code any} reaches every account; scope {@code self} only the caller's own. Decided from memory:
 * the operation then reads or writes in one statement restricted to that reach.
 */
public final class ThirdPartyAccess {

  /** The reach of an admitted application, or the refusal. */
  public record Reach(Optional<String> onlyUserId, StatusCode refusal) {

    static Reach refused(StatusCode refusal) {
      return new Reach(Optional.empty(), refusal);
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

  private final ApplicationDirectory applications;

  public ThirdPartyAccess(ApplicationDirectory applications) {
    this.applications = applications;
  }

  public Future<Reach> reach(Caller caller, String appToken) {
    return applications.admit(appToken)
      .recover(StepFailure.as(UPDATE_APPLICATION_LOOKUP_FAILED))
      .map(admission -> {
        if (!admission.isAdmitted()) {
          return Reach.refused(admission.refusal());
        }
        return switch (admission.application().userScope()) {
          case NONE -> Reach.refused(StatusCode.APPLICATION_NOT_AUTHORIZED);
          case SELF -> new Reach(Optional.of(caller.userId()), null);
          case ANY -> new Reach(Optional.empty(), null);
        };
      });
  }
}
