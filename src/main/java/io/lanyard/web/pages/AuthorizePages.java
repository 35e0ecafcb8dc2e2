package io.lanyard.web.pages;

import com.nimbusds.oauth2.sdk.util.URLUtils;
import io.lanyard.signin.oidc.Authorization;
import io.lanyard.signin.oidc.AuthorizationRequests;
import io.lanyard.signin.oidc.Authorize;
import io.lanyard.signin.oidc.OidcProvider;
import io.lanyard.signin.oidc.SignIn;
import io.lanyard.signin.oidc.SsoSession;
import io.lanyard.signin.oidc.SsoSessions;
import io.vertx.core.Future;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * GET|POST {@code /oidc/authorize} and the hosted login page, {@code GET|POST /account/login} (docs/decisions.md §13). The
 * authorization endpoint answers an error page for an unknown client or an unregistered redirect URI (never a redirect), a
 * redirect to the client for every other outcome it can decide, or the login or consent page. The login page is a plain form
 * (address, password), no script; it carries the authorization request on in one hidden field and checks it again when sent.
 * It says the same for every wrong address or password, and links to "forgot password" and, for a client that lets people
 * create an account there, to "create an account" ({@link SignupPages}), which carries the request on too.
 */
public final class AuthorizePages {

  static final String LOGIN = "login";
  static final String REQUEST = "request";
  private static final String EMAIL = "email";
  private static final String PASSWORD = "password";

  private final OidcProvider oidc;
  private final CommonPages common;
  private final ConsentPages consent;
  private final SessionCookies cookies;
  private final String base;

  public AuthorizePages(OidcProvider oidc, CommonPages common, ConsentPages consent, SessionCookies cookies) {
    this.oidc = oidc;
    this.common = common;
    this.consent = consent;
    this.cookies = cookies;
    this.base = cookies.path() + "account/";
  }

  /** The authorization endpoint, GET or POST alike. */
  public Future<Page> authorize(PageRequest request) {
    Map<String, List<String>> parameters = request.parameters();
    return checked(request, parameters, authorization -> oidc.sessions().find(request.sessionCookie())
      .compose(session -> oidc.authorize().decide(authorization, session, false, request.origin()))
      .map(decision -> next(request, authorization, decision)));
  }

  public Future<Page> show(PageRequest request) {
    Map<String, List<String>> parameters = withoutLanguage(request.parameters());
    return checked(request, parameters, authorization -> Future.succeededFuture(form(request, authorization, parameters,
      authorization.loginHint().orElse("")).page(200, request.formToken())));
  }

  public Future<Page> submit(PageRequest request) {
    Map<String, List<String>> parameters = URLUtils.parseParameters(request.param(REQUEST));
    return checked(request, parameters, authorization -> {
      String typed = request.param(EMAIL).trim();
      FormPage form = form(request, authorization, parameters, typed);
      if (!request.formAccepted()) {
        return Future.succeededFuture(form.notice("notice_form_expired").page(403, request.formToken()));
      }
      return oidc.signIn().handle(typed, request.param(PASSWORD), request.origin(), authorization.client().applicationId(),
          request.deviceCookie())
        .compose(result -> {
          if (result.outcome() == SignIn.Outcome.LOCKED) {
            return Future.succeededFuture(common.tooManyAttempts(language(request, authorization),
              (int) Math.min(Integer.MAX_VALUE, Math.max(1, result.retryAfter().toSeconds()))));
          }
          if (result.outcome() == SignIn.Outcome.WRONG) {
            return Future.succeededFuture(form.error(EMAIL, "error_login_wrong").page(401, request.formToken()));
          }
          String deviceCookie = cookies.device(result.deviceMarker().orElseThrow(), oidc.signIn().markerLifetime());
          return signedIn(request, authorization, result.session().orElseThrow())
            .map(page -> page.withCookie(deviceCookie));
        });
    });
  }

  /**
   * The person has just proved who they are for this request (a password typed, an account activated by its mailed link):
   * the session's cookie, and the code or the consent page.
   */
  Future<Page> signedIn(PageRequest request, Authorization authorization, SsoSessions.Opened opened) {
    SsoSession session = opened.session();
    return oidc.authorize().decide(authorization, Optional.of(session), true, request.origin())
      .map(decision -> decision.next() == Authorize.Next.CONSENT
        ? consent.page(request, authorization, session,
            Optional.of(oidc.proofs().proof(session, authorization.parameters())))
        : next(request, authorization, decision))
      .map(page -> page.withCookie(cookies.set(opened.token())));
  }

  /** The session cookie alone, for a page shown to someone just signed in. */
  String sessionCookie(SsoSessions.Opened opened) {
    return cookies.set(opened.token());
  }

  /** The request checked; its error page or redirect, or what {@code then} makes of it. */
  Future<Page> checked(PageRequest request, Map<String, List<String>> parameters,
                               Function<Authorization, Future<Page>> then) {
    return oidc.requests().check(parameters).compose(checked -> {
      if (checked.errorPage().isPresent()) {
        return Future.succeededFuture(errorPage(request, checked.errorPage().get()));
      }
      if (checked.errorRedirect().isPresent()) {
        return Future.succeededFuture(Page.redirect(checked.errorRedirect().get().toString(), CommonPages.language(request)));
      }
      return then.apply(checked.valid().orElseThrow());
    });
  }

  /** Where the browser goes after the authorization endpoint decided. */
  private Page next(PageRequest request, Authorization authorization, Authorize.Decision decision) {
    String language = language(request, authorization);
    String query = URLUtils.serializeParameters(authorization.parameters());
    return switch (decision.next()) {
      case LOGIN -> Page.redirect(base + LOGIN + "?" + query, language);
      case CONSENT -> Page.redirect(base + ConsentPages.PAGE + "?" + query, language);
      case REDIRECT -> Page.redirect(decision.redirect().orElseThrow().toString(), language);
    };
  }

  private Page errorPage(PageRequest request, String reason) {
    String language = CommonPages.language(request);
    String key = AuthorizationRequests.UNKNOWN_CLIENT.equals(reason) ? "oidc_unknown_client" : "oidc_bad_redirect";
    return MessagePage.titled(common.messages(), language, "oidc_error_title").paragraph(key + "_text")
      .paragraph("oidc_error_next").page(400);
  }

  private FormPage form(PageRequest request, Authorization authorization, Map<String, List<String>> parameters,
                        String typed) {
    String language = language(request, authorization);
    String query = URLUtils.serializeParameters(parameters);
    Map<String, String> keep = new LinkedHashMap<>();
    parameters.forEach((name, values) -> keep.put(name, values.get(0)));
    String app = authorization.client().applicationId();
    FormPage form = FormPage.of(common.messages(), language, LOGIN, "login_title", "login_submit")
      .paragraph("login_intro", Map.of("app", authorization.client().label()))
      .field(EMAIL, "email_label", "email", "username", Optional.of(typed).filter(text -> !text.isEmpty()), Optional.empty())
      .field(PASSWORD, "password_current_label", "password", "current-password", Optional.empty(), Optional.empty())
      .hidden(REQUEST, query)
      .redirectsTo(authorization.redirectUri())
      .application(Optional.of(authorization.client().label()))
      .link(ForgotPasswordPages.PAGE + "?app=" + app, "login_forgot");
    if (authorization.client().signupSalon().isPresent()) {
      form.link(SignupPages.PAGE + "?" + query, "login_create_account");
    }
    return form.languageSwitch(LOGIN, keep);
  }

  /** The person's choice, else the client's {@code ui_locales}, else the browser's. */
  static String language(PageRequest request, Authorization authorization) {
    return PageLanguage.choose(request.param("lang"), authorization.uiLanguage(), request.acceptLanguage());
  }

  static Map<String, List<String>> withoutLanguage(Map<String, List<String>> parameters) {
    Map<String, List<String>> copy = new LinkedHashMap<>(parameters);
    copy.remove("lang");
    return copy;
  }
}
