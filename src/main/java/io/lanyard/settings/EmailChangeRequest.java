package io.lanyard.settings;

import io.lanyard.accounts.Emails;
import io.lanyard.api.ApiRequest;
import io.lanyard.api.Caller;
import io.lanyard.api.RequestFields;
import io.lanyard.api.RequestOrigin;
import io.lanyard.api.Result;
import io.lanyard.api.StatusCode;

import java.util.Optional;

/**
 * {@code POST /_plugin/{P}/user/requestEmailChange} (Bearer): the new address, normalised, and the current password as sent.
 *
 * @param refusal the reply when the new address is unusable (131 missing, 190 invalid)
 */
public record EmailChangeRequest(Caller caller, String newEmail, Object currentPassword, Optional<Result> refusal,
                                 RequestOrigin origin) {

  public static EmailChangeRequest from(ApiRequest request) {
    RequestFields fields = new RequestFields(request.body());
    String raw = fields.string("newEmail", Emails.MAX_LENGTH);
    String newEmail = raw == null ? null : Emails.normalise(raw);
    fields.check("newEmail", newEmail, newEmail != null && Emails.isValid(newEmail), "invalid_email");
    return new EmailChangeRequest(request.requireCaller(), newEmail, request.body().getValue("currentPassword"),
      fields.refusal(StatusCode.CREATE_MISSING_FIELD), request.origin());
  }
}
