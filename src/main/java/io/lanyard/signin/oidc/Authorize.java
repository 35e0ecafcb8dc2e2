package io.lanyard.signin.oidc;

import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.OAuth2Error;
import com.nimbusds.oauth2.sdk.ResponseMode;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.openid.connect.sdk.AuthenticationSuccessResponse;
import com.nimbusds.openid.connect.sdk.OIDCError;
import com.nimbusds.openid.connect.sdk.Prompt;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.support.SecretTokens;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.net.URI;
import java.util.Optional;
import java.util.UUID;

/**
 * GET|POST {@code /oidc/authorize}, once the request passed its checks ({@link AuthorizationRequests}): what the browser gets
 * next. With no live session, {@code prompt=login}, or a sign-in older than {@code max_age}: the login page
 * ({@code login_required} under {@code prompt=none}). A client that is not first-party and has no consent covering the
 * scopes (or asks {@code prompt=consent}): the consent page ({@code consent_required} under {@code prompt=none}). Otherwise a
 * code, back to the redirect URI with {@code state} and {@code iss}.
 */
public final class Authorize {

  /** What the browser gets: the login page, the consent page, or a redirect to the client. */
  public enum Next { LOGIN, CONSENT, REDIRECT }

  /** @param redirect present for {@link Next#REDIRECT} */
  public record Decision(Next next, Optional<URI> redirect) {

    static Decision show(Next page) {
      return new Decision(page, Optional.empty());
    }

    static Decision redirect(URI location) {
      return new Decision(Next.REDIRECT, Optional.of(location));
    }
  }

  private final Pool pool;
  private final AuthorizationRequests requests;
  private final IdTokens idTokens;
  private final Issuer issuer;
  private final LanyardConfig.Oidc settings;
  private final AuditTrail audit;
  private final CodeRepository codes = new CodeRepository();
  private final ConsentRepository consents = new ConsentRepository();

  Authorize(Pool pool, AuthorizationRequests requests, IdTokens idTokens, Issuer issuer, LanyardConfig.Oidc settings,
            AuditTrail audit) {
    this.pool = pool;
    this.requests = requests;
    this.idTokens = idTokens;
    this.issuer = issuer;
    this.settings = settings;
    this.audit = audit;
  }

  /**
   * @param session the browser's live SSO session, if any
   * @param signedIn the person has just typed their password for this very request: {@code prompt=login} and
   *   {@code max_age} are satisfied
   */
  public Future<Decision> decide(Authorization authorization, Optional<SsoSession> session, boolean signedIn,
                                 RequestOrigin origin) {
    boolean silent = authorization.prompts(Prompt.Type.NONE);
    if (session.isEmpty() || (!signedIn && mustSignInAgain(authorization, session.get()))) {
      return Future.succeededFuture(silent ? error(authorization, OIDCError.LOGIN_REQUIRED) : Decision.show(Next.LOGIN));
    }
    return consentNeeded(authorization, session.get()).compose(needed -> {
      if (needed) {
        return Future.succeededFuture(silent ? error(authorization, OIDCError.CONSENT_REQUIRED) : Decision.show(Next.CONSENT));
      }
      return issueCode(authorization, session.get(), origin);
    });
  }

  /**
   * The person agreed on the consent page: remembered for the account, client and scopes, then the code. The session must
   * still be live, and the request's demand for a fresh sign-in met ({@code signedIn}).
   */
  public Future<Decision> consented(Authorization authorization, Optional<SsoSession> session, boolean signedIn,
                                    RequestOrigin origin) {
    if (session.isEmpty() || (!signedIn && mustSignInAgain(authorization, session.get()))) {
      return Future.succeededFuture(Decision.show(Next.LOGIN));
    }
    String userId = session.get().userId();
    return consents.grant(pool, userId, authorization.client().clientId(), authorization.scopes())
      .onSuccess(granted -> audit.record(AuditEvent.of(AuditKind.OIDC_CONSENT_GRANTED, origin).withUser(userId)
        .withApplication(authorization.client().applicationId()).withDetail(Scopes.join(authorization.scopes()))))
      .compose(granted -> issueCode(authorization, session.get(), origin));
  }

  /** The person refused on the consent page: the client hears {@code access_denied}. */
  public Decision refused(Authorization authorization) {
    return error(authorization, OAuth2Error.ACCESS_DENIED);
  }

  /** {@code prompt=login}, a sign-in older than {@code max_age}, or an ID token hint naming someone else. */
  private boolean mustSignInAgain(Authorization authorization, SsoSession session) {
    if (authorization.prompts(Prompt.Type.LOGIN)) {
      return true;
    }
    int maxAge = authorization.request().getMaxAge();
    if (maxAge >= 0 && System.currentTimeMillis() - session.authTime() > maxAge * 1000L) {
      return true;
    }
    if (authorization.request().getIDTokenHint() != null) {
      Optional<JWTClaimsSet> hint = idTokens.read(authorization.request().getIDTokenHint().serialize());
      return hint.isEmpty() || !session.userId().equals(hint.get().getSubject());
    }
    return false;
  }

  private Future<Boolean> consentNeeded(Authorization authorization, SsoSession session) {
    if (authorization.client().firstParty()) {
      return Future.succeededFuture(false);
    }
    if (authorization.prompts(Prompt.Type.CONSENT)) {
      return Future.succeededFuture(true);
    }
    return consents.scopes(pool, session.userId(), authorization.client().clientId())
      .map(granted -> !granted.containsAll(authorization.scopes()));
  }

  private Future<Decision> issueCode(Authorization authorization, SsoSession session, RequestOrigin origin) {
    String code = SecretTokens.generate();
    long now = System.currentTimeMillis();
    CodeRepository.Issued issued = new CodeRepository.Issued(SecretTokens.sha256(code), UUID.randomUUID().toString(),
      authorization.client().clientId(), session.userId(), session.sid(), authorization.redirectUri().toString(),
      Scopes.join(authorization.scopes()), Optional.ofNullable(authorization.request().getNonce()).map(nonce -> nonce.getValue()),
      authorization.request().getCodeChallenge().getValue(), session.authTime(), now + settings.codeTtl().toMillis());
    return codes.insert(pool, issued).map(written -> {
      audit.record(AuditEvent.of(AuditKind.OIDC_SIGNED_IN, origin).withUser(session.userId())
        .withApplication(authorization.client().applicationId()));
      return Decision.redirect(new AuthenticationSuccessResponse(authorization.redirectUri(), new AuthorizationCode(code),
        null, null, authorization.request().getState(), null, issuer, ResponseMode.QUERY).toURI());
    });
  }

  private Decision error(Authorization authorization, com.nimbusds.oauth2.sdk.ErrorObject error) {
    return Decision.redirect(requests.errorRedirect(authorization.redirectUri(), error, authorization.request().getState()));
  }
}
