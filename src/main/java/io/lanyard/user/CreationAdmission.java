package io.lanyard.user;

import io.lanyard.api.Result;
import io.lanyard.api.StatusCode;
import io.lanyard.api.StepFailure;
import io.lanyard.applications.Application;
import io.lanyard.applications.ApplicationDirectory;
import io.lanyard.audit.AuditTrail;
import io.vertx.core.Future;

import java.util.function.BiFunction;

/**
 * The start and end both creation routes share: the body's checks (131, 190), then the application's (149, 140, 181; 170
 * when it cannot be looked up, and a refusal goes to the audit trail); and at the end, any failure mapped once to its step's
 * internal code.
 */
public final class CreationAdmission {

  private final ApplicationDirectory applications;
  private final AuditTrail audit;

  public CreationAdmission(ApplicationDirectory applications, AuditTrail audit) {
    this.applications = applications;
    this.audit = audit;
  }

  /** @param route what the route does with an admitted request */
  public Future<Result> admit(CreateUserRequest request, BiFunction<CreateUserRequest, Application, Future<Result>> route) {
    if (request.refusal().isPresent()) {
      return Future.succeededFuture(request.refusal().get());
    }
    return applications.admitForCreation(request.fromThirdParty())
      .recover(StepFailure.as(StatusCode.CREATE_APPLICATION_LOOKUP_FAILED))
      .compose(admission -> {
        if (admission.isAdmitted()) {
          return route.apply(request, admission.application());
        }
        audit.record(admission.refusalEvent(request.origin()).withIdentifier(request.email()));
        return Future.succeededFuture(Result.of(admission.refusal()));
      })
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.CREATE_UNEXPECTED));
  }
}
