package io.lanyard.web.pages;

import com.nimbusds.oauth2.sdk.util.URLUtils;
import io.lanyard.model.applications.OidcClient;
import io.lanyard.signin.oidc.EndSession;
import io.lanyard.signin.oidc.OidcProvider;
import io.vertx.core.Future;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * GET|POST {@code /oidc/logout}, the end-session endpoint, and {@code POST /account/logout}, its confirmation
 * (docs/decisions.md §13). A request with a valid {@code id_token_hint} signs the browser out at once; any other is asked to
 * confirm with a button (a form with the anti-forgery check), so no link on another site signs anyone out. Then the client's
 * registered post-logout URI, or a page saying the person is signed out; the session cookie is cleared either way.
 */
public record LogoutPages(OidcProvider oidc, CommonPages common, SessionCookies cookies) {

  static final String PAGE = "logout";

  /** Absolute: the confirmation is shown at the end-session endpoint too, outside the pages' path. */
  private String formPath() {
    return cookies.path() + "account/" + PAGE;
  }

  /** The end-session endpoint, GET or POST alike. */
  public Future<Page> endSession(PageRequest request) {
    return decide(request, request.parameters(), false);
  }

  /** The confirmation sent back. */
  public Future<Page> confirm(PageRequest request) {
    Map<String, List<String>> parameters = URLUtils.parseParameters(request.param(AuthorizePages.REQUEST));
    if (!request.formAccepted()) {
      return Future.succeededFuture(confirmation(request, parameters, Optional.empty()).notice("notice_form_expired")
        .page(403, request.formToken()));
    }
    return decide(request, parameters, true);
  }

  /** Without a confirmation to send back, the page only says what it is for: signing out is a button. */
  public Future<Page> show(PageRequest request) {
    return Future.succeededFuture(confirmation(request, Map.of(), Optional.empty()).page(200, request.formToken()));
  }

  private Future<Page> decide(PageRequest request, Map<String, List<String>> parameters, boolean confirmed) {
    return oidc.endSession().handle(parameters, request.sessionCookie(), confirmed, request.origin()).map(decision -> {
      String language = CommonPages.language(request);
      if (decision.next() == EndSession.Next.CONFIRM) {
        return confirmation(request, parameters, decision.client()).page(200, request.formToken());
      }
      Page page = decision.next() == EndSession.Next.REDIRECT
        ? Page.redirect(decision.redirect().orElseThrow().toString(), language)
        : MessagePage.titled(common.messages(), language, "logout_done_title").paragraph("logout_done_text").page(200);
      return page.withHeader("Set-Cookie", cookies.clear());
    });
  }

  private FormPage confirmation(PageRequest request, Map<String, List<String>> parameters, Optional<OidcClient> client) {
    String language = CommonPages.language(request);
    FormPage form = FormPage.of(common.messages(), language, formPath(), "logout_title", "logout_submit")
      .paragraph("logout_intro", Map.of());
    client.ifPresent(known -> known.postLogoutRedirectUris().forEach(uri -> form.redirectsTo(java.net.URI.create(uri))));
    return form
      .hidden(AuthorizePages.REQUEST, URLUtils.serializeParameters(parameters))
      .application(client.map(OidcClient::label))
      .languageSwitch(formPath(), Map.of());
  }
}
