package io.lanyard.selfservice.recovery;

import io.lanyard.model.accounts.Emails;
import io.lanyard.model.accounts.Languages;
import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.RequestFields;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;

import java.util.Optional;

/**
 * {@code POST /_plugin/{P}/user/requestPasswordReset}: {@code email}, {@code fromThirdParty}, an optional {@code language} (of
 * the mail, else the account's) and, with a CAPTCHA configured, {@code captchaToken}. The e-mail comes out normalised.
 *
 * @param refusal the reply when the body is unusable (131 missing, 190 invalid)
 */
public record PasswordResetRequest(String email, String fromThirdParty, Optional<String> language, Object captchaToken,
                                   String source, Optional<Result> refusal, RequestOrigin origin) {

  public static PasswordResetRequest from(ApiRequest request) {
    RequestFields fields = new RequestFields(request.body());
    String rawEmail = fields.string("email", Emails.MAX_LENGTH);
    String fromThirdParty = fields.string("fromThirdParty");
    Object language = request.body().getValue("language");
    String email = rawEmail == null ? null : Emails.normalise(rawEmail);
    fields.check("email", email, email != null && Emails.isValid(email), "invalid_email");
    fields.check("language", language, Languages.isSupported(language), "unsupported_language");
    return new PasswordResetRequest(email, fromThirdParty, Optional.ofNullable(language).filter(Languages::isSupported)
      .map(String.class::cast), request.body().getValue("captchaToken"), request.source(),
      fields.refusal(StatusCode.CREATE_MISSING_FIELD), request.origin());
  }
}
