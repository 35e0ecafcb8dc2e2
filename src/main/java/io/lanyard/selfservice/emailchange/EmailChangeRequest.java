package io.lanyard.selfservice.emailchange;

import io.lanyard.model.accounts.Emails;
import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.Caller;
import io.lanyard.model.api.RequestFields;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;

import java.util.Optional;

/**
 * {@code POST /_plugin/{P}/user/requestEmailChange} (Bearer): the new address, normalised, and the current password as sent.
 *
 * @param refusal the reply when the new address is unusable (131 missing, 190 invalid)
 * @param captchaToken the body's {@code captchaToken} as sent, checked when a CAPTCHA is configured
 */
public record EmailChangeRequest(Caller caller, String newEmail, Object currentPassword, Optional<Result> refusal,
                                 RequestOrigin origin, Object captchaToken) {

  public static EmailChangeRequest from(ApiRequest request) {
    RequestFields fields = new RequestFields(request.body());
    String raw = fields.string("newEmail", Emails.MAX_LENGTH);
    String newEmail = raw == null ? null : Emails.normalise(raw);
    fields.check("newEmail", newEmail, newEmail != null && Emails.isValid(newEmail), "invalid_email");
    return new EmailChangeRequest(request.requireCaller(), newEmail, request.body().getValue("currentPassword"),
      fields.refusal(StatusCode.CREATE_MISSING_FIELD), request.origin(), request.body().getValue("captchaToken"));
  }
}
