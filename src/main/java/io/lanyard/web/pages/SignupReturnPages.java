package io.lanyard.web.pages;

import io.lanyard.signin.oidc.Authorization;
import io.lanyard.signin.oidc.OidcProvider;
import io.lanyard.signin.oidc.SignupReturns;
import io.lanyard.signin.oidc.SsoSessions;
import io.vertx.core.Future;

import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * The activation page's way back into a sign-in ({@code /account/activate?token=…&return=…}), for an account asked for on a
 * client's login page ({@link SignupPages}). Before the form is shown or used, the reference must be the one kept for this
 * account's address: any other (changed, another person's, mangled) gets a page saying the link was changed, and nothing
 * is activated. Once the password is chosen, the person is signed in (the SSO session's cookie) and the kept request goes
 * on as if they had just typed their password: a code to the client's registered redirect URI, or its consent page. A
 * request kept longer than {@code oidc.signupReturnTtl}, or already continued once, gets a page leading back to the app.
 */
public record SignupReturnPages(OidcProvider oidc, AuthorizePages authorize, CommonPages common) {

  static final String PARAMETER = "return";



  /** The reference the link carries, if it carries one. */
  static Optional<String> reference(PageRequest request) {
    return Optional.of(request.param(PARAMETER)).filter(reference -> !reference.isEmpty());
  }

  /**
   * What a reference allows on the activation page: refused when it is not this account's; else the address the form's
   * answer may redirect to (the client's redirect URI, while the request can go on), for the page's {@code form-action}.
   */
  record Checked(Optional<Page> refusal, Optional<URI> redirectsTo) {
  }

  Future<Checked> check(String reference, String userId, String language) {
    return oidc.signups().check(reference, userId).map(pending -> {
      if (pending.state() == SignupReturns.State.UNKNOWN) {
        return new Checked(Optional.of(MessagePage.titled(common.messages(), language, "signup_return_bad_title")
          .paragraph("signup_return_bad_text").page(400)), Optional.empty());
      }
      Optional<URI> redirect = pending.state() == SignupReturns.State.LIVE
        ? pending.parameters().map(parameters -> parameters.get("redirect_uri")).filter(values -> values.size() == 1)
            .map(values -> URI.create(values.get(0)))
        : Optional.empty();
      return new Checked(Optional.empty(), redirect);
    });
  }

  /** The account was just activated by its link: signed in, then on with the kept request (or back to the app). */
  Future<Page> afterActivation(PageRequest request, String reference, String userId, String language) {
    return oidc.signups().use(reference, userId).compose(pending -> oidc.signups().signIn(userId).compose(opened -> {
      if (opened.isEmpty()) {
        return Future.succeededFuture(common.failed(language));
      }
      if (pending.parameters().isEmpty()) {
        return Future.succeededFuture(gone(opened.get(), language));
      }
      return oidc.requests().check(pending.parameters().get()).compose(checked -> {
        if (checked.valid().isEmpty()) {
          return Future.succeededFuture(gone(opened.get(), language));
        }
        Authorization authorization = checked.valid().get();
        return pending.state() == SignupReturns.State.LIVE ? authorize.signedIn(request, authorization, opened.get())
          : Future.succeededFuture(expired(opened.get(), authorization, language));
      });
    }));
  }

  /** The request can no longer go on: the way back to the client's site, where a new sign-in finds the session. */
  private Page expired(SsoSessions.Opened opened, Authorization authorization, String language) {
    String app = authorization.client().label();
    URI redirect = authorization.redirectUri();
    return MessagePage.titled(common.messages(), language, "signup_return_expired_title")
      .paragraph("signup_return_expired_text", Map.of("app", app))
      .returnTo(redirect.getScheme() + "://" + redirect.getRawAuthority() + "/", app)
      .page(200).withCookie(authorize.sessionCookie(opened));
  }

  /** The client went away meanwhile (or its redirect URI did): signed in, with nowhere we may send the browser. */
  private Page gone(SsoSessions.Opened opened, String language) {
    return MessagePage.titled(common.messages(), language, "signup_return_expired_title")
      .paragraph("signup_return_gone_text").page(200).withCookie(authorize.sessionCookie(opened));
  }

  static Map<String, String> kept(String token, Optional<String> reference) {
    return reference.map(value -> Map.of("token", token, PARAMETER, value)).orElse(Map.of("token", token));
  }
}
