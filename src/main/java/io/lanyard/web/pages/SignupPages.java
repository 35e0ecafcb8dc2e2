package io.lanyard.web.pages;

import com.nimbusds.oauth2.sdk.util.URLUtils;
import io.lanyard.model.accounts.Emails;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.signin.oidc.Authorization;
import io.lanyard.signin.oidc.OidcProvider;
import io.lanyard.signup.CreateUserByLink;
import io.lanyard.signup.CreateUserRequest;
import io.vertx.core.Future;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code GET|POST /account/signup?<authorization request>}: "create an account" from a client's login page (docs/oidc.md).
 * Only for a client registered with {@code --signup-salon}; any other gets a page saying so. The form asks the address alone
 * (creation by link needs nothing else) and runs what {@code /user/create} runs, under the client's application and fair,
 * with the same per-source rate, mail limits and CAPTCHA, and says the same whatever the address: a new account and a
 * pending one whose last link is old enough get a link, an address with an active account gets nothing. The link leads to
 * the hosted activation page with a reference to the kept request ({@link SignupReturnPages}). The request is checked
 * again on every visit, exactly as the login page checks it, so an unknown client or an unregistered redirect URI gets the
 * error page here too.
 */
public record SignupPages(OidcProvider oidc, AuthorizePages authorize, CreateUserByLink creation, CommonPages common,
                     Optional<CaptchaWidget> captcha) {

  static final String PAGE = "signup";
  private static final String EMAIL = AddressForm.EMAIL;



  public Future<Page> show(PageRequest request) {
    Map<String, List<String>> parameters = AuthorizePages.withoutLanguage(request.parameters());
    return authorize.checked(request, parameters, authorization -> Future.succeededFuture(
      authorization.client().signupSalon().isEmpty() ? closed(request, authorization)
        : form(request, authorization, authorization.loginHint().orElse("")).page(200, request.formToken())));
  }

  public Future<Page> submit(PageRequest request) {
    Map<String, List<String>> parameters = URLUtils.parseParameters(request.param(AuthorizePages.REQUEST));
    return authorize.checked(request, parameters, authorization -> {
      if (authorization.client().signupSalon().isEmpty()) {
        return Future.succeededFuture(closed(request, authorization));
      }
      String typed = request.param(EMAIL).trim();
      FormPage form = form(request, authorization, typed);
      Optional<Page> refused = AddressForm.refusal(request, form, typed);
      if (refused.isPresent()) {
        return Future.succeededFuture(refused.get());
      }
      String email = Emails.normalise(typed);
      String language = AuthorizePages.language(request, authorization);
      String captchaToken = captcha.map(widget -> request.param(widget.responseField())).orElse("");
      CreateUserRequest creating = CreateUserRequest.fromPage(email, authorization.client().signupSalon().get(), language,
        captchaToken.isEmpty() ? null : captchaToken, authorization.client().applicationId(), request.origin());
      return oidc.signups().remember(authorization, email)
        .compose(reference -> creation.handleFromPage(creating, authorization.client().application(),
          SignupReturnPages.PARAMETER + "=" + reference))
        .map(result -> outcome(result, form, request, authorization, email, language));
    });
  }

  /** "Check your e-mail" for a new account and a taken address alike; the CAPTCHA's refusal next to its widget. */
  private Page outcome(Result result, FormPage form, PageRequest request, Authorization authorization, String email,
                       String language) {
    Optional<Page> captchaRefused = AddressForm.captchaRefusal(result, form, request);
    if (captchaRefused.isPresent()) {
      return captchaRefused.get();
    }
    StatusCode status = result.status();
    if (status == StatusCode.CREATED || status == StatusCode.SUCCESS || status == StatusCode.EMAIL_ALREADY_EXISTS) {
      String app = authorization.client().label();
      return MessagePage.titled(common.messages(), language, "signup_sent_title")
        .paragraph("signup_sent_text", Map.of(EMAIL, email, "app", app)).paragraph("signup_sent_next")
        .application(Optional.of(authorization.client().application())).page(200);
    }
    return common.failed(language);
  }

  /** The client lets nobody create an account from its login page. */
  private Page closed(PageRequest request, Authorization authorization) {
    String language = AuthorizePages.language(request, authorization);
    return MessagePage.titled(common.messages(), language, "signup_closed_title")
      .paragraph("signup_closed_text", Map.of("app", authorization.client().label()))
      .action(AuthorizePages.LOGIN + "?" + URLUtils.serializeParameters(authorization.parameters()), "signup_back")
      .page(403);
  }

  private FormPage form(PageRequest request, Authorization authorization, String typed) {
    String language = AuthorizePages.language(request, authorization);
    String query = URLUtils.serializeParameters(authorization.parameters());
    Map<String, String> keep = new LinkedHashMap<>();
    authorization.parameters().forEach((name, values) -> keep.put(name, values.get(0)));
    return FormPage.of(common.messages(), language, PAGE, "signup_title", "signup_submit")
      .paragraph("signup_intro", Map.of("app", authorization.client().label()))
      .field(EMAIL, "email_label", "email", "email", Optional.of(typed).filter(text -> !text.isEmpty()), Optional.empty())
      .hidden(AuthorizePages.REQUEST, query)
      .application(Optional.of(authorization.client().label()))
      .link(AuthorizePages.LOGIN + "?" + query, "signup_back")
      .languageSwitch(PAGE, keep)
      .captcha(captcha);
  }
}
