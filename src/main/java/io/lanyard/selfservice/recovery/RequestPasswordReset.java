package io.lanyard.selfservice.recovery;

import io.lanyard.model.api.Captcha;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.services.lifecycle.AccountMail;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.util.Optional;

/**
 * POST /_plugin/{P}/user/requestPasswordReset: 0 for every well-formed address | 131 | 190 | 149 | 140 | 181 | 124 (no reset
 * URL and no {@code http.publicUrl}) | 187 | internal 1. Every check that could refuse the request depends on the request
 * alone, never on the account, and the request path's one write is the same row in {@code password_reset_requests} whatever
 * the address: whether it has an account, and what it gets ({@link ResetMail}), is worked out afterwards by
 * {@link ResetRequestVerticle}. Neither the reply nor its timing tells whether the address has an account.
 *
 * @param queued tells the workers a request was queued ({@link ResetRequestVerticle#NUDGE})
 */
public record RequestPasswordReset(Pool pool, Captcha captcha, ApplicationDirectory applications, ResetRequestQueue queue,
                                   ResetMail resetMail, AccountMail mail, AuditTrail audit, Runnable queued) {

  /**
   * The body's checks, then the application's (in memory), then the CAPTCHA's (a call to the provider, so after every check
   * that costs nothing and before anything is read or written).
   */
  public Future<Result> handle(PasswordResetRequest request) {
    if (request.refusal().isPresent()) {
      return Future.succeededFuture(request.refusal().get());
    }
    return applications.admitForCreation(request.fromThirdParty())
      .compose(admission -> {
        if (!admission.isAdmitted()) {
          audit.record(admission.refusalEvent(request.origin()).withIdentifier(request.email()));
          return Future.succeededFuture(Result.of(admission.refusal()));
        }
        return captcha.check(request.captchaToken(), request.source()).compose(refusal -> {
          if (refusal.isPresent()) {
            return Future.succeededFuture(refusal.get());
          }
          // recorded alike whether or not the address has an account: the trail is no oracle either
          audit.record(AuditEvent.of(AuditKind.PASSWORD_RESET_REQUESTED, request.origin())
            .withApplication(admission.application().id()).withIdentifier(request.email()));
          Application application = admission.application();
          return resetMail.refusal(application, request.language()).compose(refused -> refused.isPresent()
            ? Future.succeededFuture(Result.of(refused.get()))
            : enqueue(request.email(), Optional.of(application.id()), request.language()));
        });
      })
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.LIFECYCLE_UNEXPECTED));
  }

  /**
   * The hosted "forgot password" page: on behalf of the application the page was opened for ({@code ?app=}), else of the
   * account's own application, provided it may ask as the route's token must (active, may create users), which the worker
   * works out with the account. 0 whatever happens to the address, as for the route; the page says the same in every case,
   * so it tells nothing about accounts either. With a CAPTCHA configured, the page's widget answer is checked first, as the
   * route's {@code captchaToken} is (131, 190, or internal 1 when the provider cannot answer), before anything is written.
   *
   * @param email a normalised, valid address
   * @param captchaToken the widget's answer, or null
   * @param source the client's address, which the provider may check the answer against
   */
  public Future<Result> sendFromPage(Optional<String> applicationId, String email, Optional<String> language,
                                     Object captchaToken, String source) {
    return captcha.check(captchaToken, source)
      .compose(refusal -> refusal.isPresent() ? Future.succeededFuture(refusal.get())
        : enqueue(email, applicationId, language))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.LIFECYCLE_UNEXPECTED));
  }

  /** The request path's one write, the same for every address. */
  private Future<Result> enqueue(String email, Optional<String> applicationId, Optional<String> language) {
    return queue.insert(pool, email, applicationId, language, resetMail.publicUrl()).map(inserted -> {
      queued.run();
      return Result.success();
    });
  }

  /**
   * A help-desk command: what the address's account needs, sent at once on behalf of the application the operator names (no
   * oracle to guard against there): 124 and 187 before anything is read or written, else 0.
   *
   * @param email a normalised address
   * @param requested the language of the mail, else the account's
   */
  public Future<Result> sendFor(Application application, String email, Optional<String> requested) {
    return resetMail.refusal(application, requested).compose(refused -> refused.isPresent()
      ? Future.succeededFuture(Result.of(refused.get()))
      : pool.withTransaction(tx -> resetMail.send(tx, application, email, requested)).map(sent -> {
          if (sent) {
            mail.nudge();
          }
          return Result.success();
        }));
  }
}
