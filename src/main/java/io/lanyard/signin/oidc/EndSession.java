package io.lanyard.signin.oidc;

import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.util.URLUtils;
import com.nimbusds.openid.connect.sdk.LogoutRequest;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.applications.OidcClient;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.core.Future;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * GET|POST {@code /oidc/logout} (OpenID Connect RP-Initiated Logout 1.0). With an {@code id_token_hint} this provider signed
 * (expired or not), the browser's SSO session ends at once (the one its {@code sid} names when the browser brought no
 * cookie: a form posted from the client's site); without one, the person is asked to confirm (a form of the hosted
 * pages), so a link on another site cannot sign anyone out. Afterwards the browser goes to {@code post_logout_redirect_uri}
 * with {@code state} only when that URI is registered exactly for the client the hint or {@code client_id} names (both must
 * agree); otherwise it sees a "you are signed out" page. Ending a session revokes what its clients were granted without
 * {@code offline_access}, and sends a back-channel logout to those of its clients that registered a URI for it.
 */
public record EndSession(OidcClients clients, IdTokens idTokens, SsoSessions sessions, Logouts logouts, AuditTrail audit) {

  /** What the browser gets: a confirmation page, the signed-out page, or the client's post-logout URI. */
  public enum Next { CONFIRM, SIGNED_OUT, REDIRECT }

  /**
   * @param redirect present for {@link Next#REDIRECT}
   * @param client the client that asked, when it is known (its name on the pages)
   */
  public record Decision(Next next, Optional<URI> redirect, Optional<OidcClient> client) {
  }



  /**
   * @param confirmed the person confirmed on the hosted page (a form that passed the anti-forgery check)
   * @param cookie the browser's SSO session cookie, if any
   */
  public Future<Decision> handle(Map<String, List<String>> parameters, Optional<String> cookie, boolean confirmed,
                                 RequestOrigin origin) {
    LogoutRequest request;
    try {
      request = LogoutRequest.parse(parameters);
    } catch (ParseException e) {
      return Future.succeededFuture(new Decision(Next.SIGNED_OUT, Optional.empty(), Optional.empty()));
    }
    Optional<JWTClaimsSet> hint = Optional.ofNullable(request.getIDTokenHint()).flatMap(jwt -> idTokens.read(jwt.serialize()));
    Optional<String> hinted = hint.flatMap(claims -> claims.getAudience().stream().findFirst());
    Optional<String> named = Optional.ofNullable(request.getClientID()).map(id -> id.getValue());
    boolean agree = hinted.isEmpty() || named.isEmpty() || hinted.equals(named);
    Optional<String> clientId = agree ? hinted.or(() -> named) : Optional.empty();
    Future<Optional<OidcClient>> client = clientId.isEmpty() ? Future.succeededFuture(Optional.empty())
      : clients.find(clientId.get());
    return client.compose(found -> {
      if (hint.isEmpty() && !confirmed) {
        return Future.succeededFuture(new Decision(Next.CONFIRM, Optional.empty(), found));
      }
      // a client's form posted from its own site brings no SameSite=Lax cookie: the hint's sid names the session then
      Optional<String> hintedSid = hint.map(claims -> claims.getClaim("sid")).filter(String.class::isInstance)
        .map(String.class::cast);
      return sessions.end(cookie).compose(ended -> ended.isPresent() || hintedSid.isEmpty() ? Future.succeededFuture(ended)
        : sessions.endBySid(hintedSid.get())).compose(ended -> {
        ended.ifPresent(session -> audit.record(AuditEvent.of(AuditKind.OIDC_LOGGED_OUT, origin).withUser(session.userId())
          .withApplication(found.map(OidcClient::applicationId).orElse(null))));
        return ended.isEmpty() ? Future.succeededFuture() : logouts.ended(ended.get());
      }).map(done -> {
        URI target = request.getPostLogoutRedirectionURI();
        if (found.isPresent() && target != null && found.get().hasPostLogoutRedirectUri(target.toString())) {
          URI location = request.getState() == null ? target : URI.create(target + (target.getRawQuery() == null ? "?" : "&")
            + URLUtils.serializeParameters(Map.of("state", List.of(request.getState().getValue()))));
          return new Decision(Next.REDIRECT, Optional.of(location), found);
        }
        return new Decision(Next.SIGNED_OUT, Optional.empty(), found);
      });
    });
  }
}
