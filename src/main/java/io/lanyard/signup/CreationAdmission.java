package io.lanyard.signup;

import io.lanyard.model.api.Captcha;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.services.idempotency.IdempotencyKeys;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.time.Instant;
import java.util.function.BiFunction;

/**
 * The start and end both creation routes share: the {@code Idempotency-Key} header's form (400), the body's checks (131,
 * 190), then the application's (149, 140, 181; 170 when it cannot be looked up, and a refusal goes to the audit trail), then
 * a key already used: its first reply, or 422 for another request; then the CAPTCHA, if one is configured (131, 190; the
 * provider unable to answer is an internal failure, 1): the one check that calls out, so it comes after every check that
 * costs nothing and after a replay (whose first request passed it, and whose single-use answer is spent), and before
 * anything is hashed or written; and at the end, any failure mapped once to its step's internal code.
 */
public record CreationAdmission(Pool pool, ApplicationDirectory applications, IdempotencyKeys keys, AuditTrail audit,
                           Captcha captcha) {

  /** @param route what the route does with an admitted request whose key (if any) is new */
  public Future<Result> admit(CreateUserRequest request, BiFunction<CreateUserRequest, Application, Future<Result>> route) {
    if (request.idempotency().refusal().isPresent()) {
      return Future.failedFuture(request.idempotency().refusal().get());
    }
    if (request.refusal().isPresent()) {
      return Future.succeededFuture(request.refusal().get());
    }
    return applications.admitForCreation(request.fromThirdParty())
      .recover(StepFailure.as(StatusCode.CREATE_APPLICATION_LOOKUP_FAILED))
      .compose(admission -> {
        if (admission.isAdmitted()) {
          return replayOr(request, admission.application(), route);
        }
        audit.record(admission.refusalEvent(request.origin()).withIdentifier(request.email()));
        return Future.succeededFuture(Result.of(admission.refusal()));
      })
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.CREATE_UNEXPECTED));
  }

  /**
   * A creation a hosted page asks for under a client's application, which the page names (no token): the body's checks, the
   * application usable (140 otherwise), then the CAPTCHA, as {@link #admit}.
   */
  public Future<Result> admitFromPage(CreateUserRequest request, Application application,
                                      BiFunction<CreateUserRequest, Application, Future<Result>> route) {
    if (request.refusal().isPresent()) {
      return Future.succeededFuture(request.refusal().get());
    }
    if (application.isRevoked() || !application.isActive(Instant.now())) {
      return Future.succeededFuture(Result.of(StatusCode.APPLICATION_MISCONFIGURED));
    }
    return captcha.check(request.captchaToken(), request.origin().source())
      .compose(refusal -> refusal.isPresent() ? Future.succeededFuture(refusal.get()) : route.apply(request, application))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.CREATE_UNEXPECTED));
  }

  /** Before any other read, so that a retry of a creation that committed is not answered "already exists" (143). */
  private Future<Result> replayOr(CreateUserRequest request, Application application,
                                  BiFunction<CreateUserRequest, Application, Future<Result>> route) {
    return keys.replay(pool, application.id(), request.idempotency().key())
      .recover(StepFailure.as(StatusCode.CREATE_UNEXPECTED))
      .compose(stored -> stored.isPresent() ? Future.succeededFuture(stored.get())
        : captcha.check(request.captchaToken(), request.origin().source())
          .compose(refusal -> refusal.isPresent() ? Future.succeededFuture(refusal.get()) : route.apply(request, application)));
  }
}
