package io.lanyard.web.pages;

import io.lanyard.model.accounts.Emails;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.selfservice.recovery.RequestPasswordReset;
import io.vertx.core.Future;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code GET|POST /account/forgot[?app=<application id>]}: ask for a link by e-mail address. It runs what
 * {@code requestPasswordReset} runs ({@link RequestPasswordReset#sendFromPage}), and says the same whatever the address:
 * an active account gets a reset link, a pending one its account link again, any other address nothing. With a CAPTCHA
 * configured, the form carries the provider's widget (the only script of any page) and its answer goes on as the
 * route's {@code captchaToken}.
 */
public final class ForgotPasswordPages {

  static final String PAGE = "forgot";
  private static final String EMAIL = AddressForm.EMAIL;
  private static final String APP = "app";
  private static final Pattern APPLICATION_ID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

  private final RequestPasswordReset resets;
  private final ApplicationDirectory applications;
  private final CommonPages common;
  private final Optional<CaptchaWidget> captcha;

  /** @param captcha the widget of the CAPTCHA the route requires, if one is configured and has a site key */
  public ForgotPasswordPages(RequestPasswordReset resets, ApplicationDirectory applications, CommonPages common,
                             Optional<CaptchaWidget> captcha) {
    this.resets = resets;
    this.applications = applications;
    this.common = common;
    this.captcha = captcha;
  }

  public Future<Page> show(PageRequest request) {
    Optional<String> appId = applicationId(request);
    return named(appId).map(app -> form(request, appId, app, "").page(200, request.formToken()));
  }

  public Future<Page> submit(PageRequest request) {
    Optional<String> appId = applicationId(request);
    String typed = request.param(EMAIL).trim();
    return named(appId).compose(app -> {
      FormPage form = form(request, appId, app, typed);
      Optional<Page> refused = AddressForm.refusal(request, form, typed);
      if (refused.isPresent()) {
        return Future.succeededFuture(refused.get());
      }
      String email = Emails.normalise(typed);
      String language = CommonPages.language(request);
      String captchaToken = captcha.map(widget -> request.param(widget.responseField())).orElse("");
      return resets.sendFromPage(appId, email, Optional.of(language), captchaToken.isEmpty() ? null : captchaToken,
          request.source())
        .map(result -> outcome(result, form, request, email, app, language));
    });
  }

  /** "Check your e-mail" whatever the address; the CAPTCHA's refusal next to its widget; a failure said as one. */
  private Page outcome(Result result, FormPage form, PageRequest request, String email, Optional<Application> app,
                       String language) {
    Optional<Page> captchaRefused = AddressForm.captchaRefusal(result, form, request);
    if (captchaRefused.isPresent()) {
      return captchaRefused.get();
    }
    if (result.status() == StatusCode.LIFECYCLE_UNEXPECTED) {
      return common.failed(language);
    }
    return MessagePage.titled(common.messages(), language, "forgot_sent_title")
      .paragraph("forgot_sent_text", Map.of(EMAIL, email)).paragraph("forgot_sent_next").application(app).page(200);
  }

  private FormPage form(PageRequest request, Optional<String> appId, Optional<Application> app, String typed) {
    String language = CommonPages.language(request);
    FormPage form = FormPage.of(common.messages(), language, PAGE, "forgot_title", "forgot_submit")
      .paragraph("forgot_intro", Map.of())
      .field(EMAIL, "email_label", "email", "email", Optional.of(typed).filter(text -> !text.isEmpty()), Optional.empty())
      .application(app.map(Application::label))
      .languageSwitch(PAGE, appId.map(id -> Map.of(APP, id)).orElse(Map.of()))
      .captcha(captcha);
    appId.ifPresent(id -> form.hidden(APP, id));
    return form;
  }

  /** The {@code app} the page was opened for, when it is an application id at all. */
  private static Optional<String> applicationId(PageRequest request) {
    return Optional.of(request.param(APP)).filter(id -> APPLICATION_ID.matcher(id).matches());
  }

  private Future<Optional<Application>> named(Optional<String> appId) {
    return appId.isEmpty() ? Future.succeededFuture(Optional.empty())
      : applications.byId(appId.get()).otherwise(Optional.empty());
  }
}
