package io.lanyard.web.pages;

import io.lanyard.model.accounts.Emails;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;

import java.util.Optional;

/**
 * What the pages asking for an address to mail ("forgot password", "create an account") check alike: a form that is ours, an
 * address there and well formed; and, after the operation ran, the CAPTCHA's refusal said next to its widget.
 */
final class AddressForm {

  static final String EMAIL = "email";

  private AddressForm() {
  }

  /** The form again (403 expired, 400 with the address's error), or empty when it may go on. */
  static Optional<Page> refusal(PageRequest request, FormPage form, String typed) {
    if (!request.formAccepted()) {
      return Optional.of(form.notice("notice_form_expired").page(403, request.formToken()));
    }
    if (typed.isEmpty() || !Emails.isValid(Emails.normalise(typed))) {
      form.error(EMAIL, typed.isEmpty() ? "error_email_missing" : "error_email_invalid");
      return Optional.of(form.page(400, request.formToken()));
    }
    return Optional.empty();
  }

  /**
   * The operation's refusal of a field: the page checked the address itself and sets the other fields, so the only field
   * left to refuse is the CAPTCHA's answer.
   */
  static Optional<Page> captchaRefusal(Result result, FormPage form, PageRequest request) {
    StatusCode status = result.status();
    if (status != StatusCode.CREATE_MISSING_FIELD && status != StatusCode.INVALID_FIELD) {
      return Optional.empty();
    }
    return Optional.of(form.error(FormPage.CAPTCHA, status == StatusCode.CREATE_MISSING_FIELD ? "error_captcha_missing"
      : "error_captcha_rejected").page(400, request.formToken()));
  }
}
