package io.lanyard.web.pages;

import com.nimbusds.oauth2.sdk.util.URLUtils;
import io.lanyard.signin.oidc.Authorization;
import io.lanyard.signin.oidc.Authorize;
import io.lanyard.signin.oidc.OidcProvider;
import io.lanyard.signin.oidc.Scopes;
import io.lanyard.signin.oidc.SsoSession;
import io.vertx.core.Future;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code GET|POST /account/consent} (docs/decisions.md §13): what a client that is not first-party asks for, in words, with
 * "Allow" and "Refuse". Allowing is remembered for the account, client and scopes, and the browser goes on to the client
 * with a code; refusing sends it back with {@code access_denied}. The page needs the browser's live SSO session; it carries
 * the authorization request (and, right after the login page, the proof that the password was just typed) in hidden fields.
 *
 * @param root the service's path as browsers see it, ending with a slash (the pages are under {@code account/})
 */
public record ConsentPages(OidcProvider oidc, CommonPages common, String root) {

  static final String PAGE = "consent";
  private static final String PROOF = "signed_in";
  private static final String DECISION = "decision";
  private static final String REFUSE = "refuse";

  /** Where the pages are: {@code account/} under the service's path. */
  private String base() {
    return root + "account/";
  }

  public Future<Page> show(PageRequest request) {
    Map<String, List<String>> parameters = new LinkedHashMap<>(request.parameters());
    parameters.remove("lang");
    return withSession(request, parameters, (authorization, session) ->
      Future.succeededFuture(page(request, authorization, session, Optional.empty())));
  }

  public Future<Page> submit(PageRequest request) {
    Map<String, List<String>> parameters = URLUtils.parseParameters(request.param(AuthorizePages.REQUEST));
    return withSession(request, parameters, (authorization, session) -> {
      if (!request.formAccepted()) {
        return Future.succeededFuture(form(request, authorization, Optional.empty()).notice("notice_form_expired")
          .page(403, request.formToken()));
      }
      if (REFUSE.equals(request.param(DECISION))) {
        return Future.succeededFuture(redirect(request, authorization, oidc.authorize().refused(authorization)));
      }
      boolean signedIn = oidc.proofs().accepts(request.param(PROOF), session, parameters);
      return oidc.authorize().consented(authorization, Optional.of(session), signedIn, request.origin())
        .map(decision -> redirect(request, authorization, decision));
    });
  }

  /** The consent page for a request and session (right after the login page, with the proof of the sign-in). */
  Page page(PageRequest request, Authorization authorization, SsoSession session, Optional<String> proof) {
    return form(request, authorization, proof).page(200, request.formToken());
  }

  private interface WithSession {
    Future<Page> apply(Authorization authorization, SsoSession session);
  }

  private Future<Page> withSession(PageRequest request, Map<String, List<String>> parameters, WithSession then) {
    return oidc.requests().check(parameters).compose(checked -> {
      if (checked.valid().isEmpty()) {
        // a request that no longer passes: the authorization endpoint says why, as it would have
        return Future.succeededFuture(Page.redirect(root + "oidc/authorize?"
          + URLUtils.serializeParameters(parameters), CommonPages.language(request)));
      }
      Authorization authorization = checked.valid().get();
      return oidc.sessions().find(request.sessionCookie()).compose(session -> session.isEmpty()
        ? Future.succeededFuture(Page.redirect(base() + AuthorizePages.LOGIN + "?"
            + URLUtils.serializeParameters(parameters), AuthorizePages.language(request, authorization)))
        : then.apply(authorization, session.get()));
    });
  }

  private Page redirect(PageRequest request, Authorization authorization, Authorize.Decision decision) {
    String language = AuthorizePages.language(request, authorization);
    String query = URLUtils.serializeParameters(authorization.parameters());
    return switch (decision.next()) {
      case LOGIN -> Page.redirect(base() + AuthorizePages.LOGIN + "?" + query, language);
      case CONSENT -> Page.redirect(base() + PAGE + "?" + query, language);
      case REDIRECT -> Page.redirect(decision.redirect().orElseThrow().toString(), language);
    };
  }

  private FormPage form(PageRequest request, Authorization authorization, Optional<String> proof) {
    String language = AuthorizePages.language(request, authorization);
    Map<String, String> keep = new LinkedHashMap<>();
    authorization.parameters().forEach((name, values) -> keep.put(name, values.get(0)));
    FormPage form = FormPage.of(common.messages(), language, PAGE, "consent_title", "consent_allow")
      .paragraph("consent_intro", Map.of("app", authorization.client().label()));
    for (String scope : authorization.scopes()) {
      if (!scope.equals(Scopes.OPENID)) {
        form.paragraph("consent_scope_" + scope, Map.of());
      }
    }
    form.paragraph("consent_later", Map.of())
      .hidden(AuthorizePages.REQUEST, URLUtils.serializeParameters(authorization.parameters()))
      .alternative(DECISION, REFUSE, "consent_refuse")
      .redirectsTo(authorization.redirectUri())
      .application(Optional.of(authorization.client().label()))
      .languageSwitch(PAGE, keep);
    proof.ifPresent(value -> form.hidden(PROOF, value));
    return form;
  }
}
