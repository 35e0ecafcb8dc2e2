package io.lanyard.web.pages;

import com.nimbusds.oauth2.sdk.util.URLUtils;
import io.lanyard.services.metrics.Outcomes;
import io.lanyard.signin.oidc.Authorization;
import io.lanyard.signin.oidc.AuthorizationRequests;
import io.lanyard.signin.oidc.Authorize;
import io.lanyard.signin.oidc.OidcProvider;
import io.lanyard.signin.oidc.SignIn;
import io.lanyard.signin.oidc.SsoSession;
import io.lanyard.signin.oidc.SsoSessions;
import io.lanyard.signin.passkeys.PasskeySignIn;
import io.vertx.core.Future;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * GET|POST {@code /oidc/authorize} and the hosted login page, {@code GET|POST /account/login} (docs/decisions.md §13). The
 * authorization endpoint answers an error page for an unknown client or an unregistered redirect URI (never a redirect), a
 * redirect to the client for every other outcome it can decide, or the login or consent page. The login page is a plain form
 * (address, password) that works without script; where passkeys are on, a small script of ours adds "sign in with a passkey"
 * (a button, and the browser's autofill), which posts the passkey's assertion in the same form. It carries the authorization
 * request on in one hidden field and checks it again when sent. It says the same for every wrong address or password, and
 * links to "forgot password" and, for a client that lets people create an account there, to "create an account"
 * ({@link SignupPages}), which carries the request on too.
 */
public final class AuthorizePages {

  static final String LOGIN = "login";
  static final String REQUEST = "request";
  private static final String EMAIL = "email";
  private static final String PASSWORD = "password";
  /** The hidden field the page's script fills with a passkey's assertion ({@code toJSON()}, as JSON). */
  static final String PASSKEY = "passkey";

  private final OidcProvider oidc;
  private final CommonPages common;
  private final ConsentPages consent;
  private final SessionCookies cookies;
  private final Optional<PasskeySignIn> passkeys;
  private final Outcomes outcomes;
  private final String base;

  /**
   * @param passkeys the passkey sign-in, offered on the login page as progressive enhancement when present
   * @param outcomes counts the sign-ins with the API's logins
   */
  public AuthorizePages(OidcProvider oidc, CommonPages common, ConsentPages consent, SessionCookies cookies,
                        Optional<PasskeySignIn> passkeys, Outcomes outcomes) {
    this.oidc = oidc;
    this.common = common;
    this.consent = consent;
    this.cookies = cookies;
    this.passkeys = passkeys;
    this.outcomes = outcomes;
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
      return signIn(request, authorization, typed)
        .compose(result -> {
          if (result.outcome() == SignIn.Outcome.LOCKED) {
            return Future.succeededFuture(common.tooManyAttempts(language(request, authorization),
              (int) Math.min(Integer.MAX_VALUE, Math.max(1, result.retryAfter().toSeconds()))));
          }
          outcomes.countPageLogin(typed, result.outcome() == SignIn.Outcome.SIGNED_IN);
          if (result.outcome() == SignIn.Outcome.WRONG) {
            return Future.succeededFuture((sentPasskey(request) ? form.notice("notice_passkey_refused")
              : form.error(EMAIL, "error_login_wrong")).page(401, request.formToken()));
          }
          Optional<String> deviceCookie = result.deviceMarker()
            .map(marker -> cookies.device(marker, oidc.signIn().markerLifetime()));
          return signedIn(request, authorization, result.session().orElseThrow())
            .map(page -> deviceCookie.map(page::withCookie).orElse(page));
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

  private boolean sentPasskey(PageRequest request) {
    return passkeys.isPresent() && !request.param(PASSKEY).isEmpty();
  }

  /**
   * A password's check, or the passkey's when the page's script sent one: a refused passkey is a wrong sign-in like a wrong
   * password (the audit trail says which check failed).
   */
  private Future<SignIn.Result> signIn(PageRequest request, Authorization authorization, String typed) {
    String applicationId = authorization.client().applicationId();
    String assertion = request.param(PASSKEY);
    if (sentPasskey(request)) {
      Object credential;
      try {
        credential = new JsonObject(assertion);
      } catch (DecodeException malformed) {
        credential = assertion;   // refused by the check as any malformed credential, and audited as one
      }
      return passkeys.get().verify(credential, request.origin()).compose(verified -> verified.userId()
        .map(userId -> oidc.signIn().withPasskey(userId, request.origin(), applicationId))
        .orElseGet(() -> Future.succeededFuture(SignIn.Result.wrong())));
    }
    return oidc.signIn().handle(typed, request.param(PASSWORD), request.origin(), applicationId, request.deviceCookie());
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
      .paragraph("login_intro", Map.of("app", authorization.client().label()));
    if (passkeys.isPresent()) {
      form.passkeys(PASSKEY, cookies.path());
    }
    // "webauthn" lets the browser offer its passkeys in the address field's autofill (conditional UI)
    form
      .field(EMAIL, "email_label", "email", passkeys.isPresent() ? "username webauthn" : "username",
        Optional.of(typed).filter(text -> !text.isEmpty()), Optional.empty())
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
