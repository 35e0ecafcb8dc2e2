package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.AuthorizationGrant;
import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.OAuth2Error;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.RefreshTokenGrant;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenErrorResponse;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.AccessTokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.pkce.CodeChallenge;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.oauth2.sdk.token.BearerAccessToken;
import com.nimbusds.oauth2.sdk.token.RefreshToken;
import com.nimbusds.oauth2.sdk.token.Tokens;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.token.OIDCTokens;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.applications.OidcClient;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.support.SecretTokens;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * POST {@code /oidc/token} (RFC 6749 §3.2, §4.1.3, §6; RFC 7636 §4.6): a code or a refresh token for tokens, answered as
 * RFC 6749 §5 says (JSON, {@code no-store}; {@code invalid_client} 401, {@code invalid_grant}, {@code invalid_request},
 * {@code unsupported_grant_type} and {@code invalid_scope} 400). A code is single-use, lives {@code oidc.codeTtl}, and is bound
 * to its client, redirect URI and PKCE verifier; presented again, it revokes what its first exchange issued. A refresh token
 * is replaced at each use; presented again past {@code oidc.refreshReuseGrace}, its whole family goes.
 */
public final class TokenEndpoint {

  private final Pool pool;
  private final OidcClients clients;
  private final Issuance issuance;
  private final LanyardConfig.Oidc settings;
  private final AuditTrail audit;
  private final CodeRepository codes = new CodeRepository();
  private final GrantRepository grants = new GrantRepository();

  TokenEndpoint(Pool pool, OidcClients clients, Issuance issuance, LanyardConfig.Oidc settings, AuditTrail audit) {
    this.pool = pool;
    this.clients = clients;
    this.issuance = issuance;
    this.settings = settings;
    this.audit = audit;
  }

  public Future<OAuthReply> handle(OAuthRequest http, RequestOrigin origin) {
    TokenRequest request;
    try {
      request = TokenRequest.parse(http.toHttpRequest());
    } catch (ParseException e) {
      ErrorObject error = e.getErrorObject() == null ? OAuth2Error.INVALID_REQUEST : e.getErrorObject();
      return Future.succeededFuture(error(error.getCode() == null ? OAuth2Error.INVALID_REQUEST : error));
    }
    Optional<String> clientId = Optional.ofNullable(request.getClientID()).map(id -> id.getValue());
    return clients.authenticate(request.getClientAuthentication(), clientId).compose(client -> {
      if (client.isEmpty()) {
        ErrorObject invalid = OAuth2Error.INVALID_CLIENT;
        return Future.succeededFuture(request.getClientAuthentication() instanceof ClientSecretBasic
          ? withChallenge(error(invalid)) : error(invalid));
      }
      AuthorizationGrant grant = request.getAuthorizationGrant();
      if (grant instanceof AuthorizationCodeGrant code) {
        return exchange(client.get(), code, origin);
      }
      if (grant instanceof RefreshTokenGrant refresh) {
        return refresh(client.get(), refresh, request.getScope(), origin);
      }
      return Future.succeededFuture(error(OAuth2Error.UNSUPPORTED_GRANT_TYPE));
    });
  }

  /**
   * What a grant's transaction decided, acted on once it committed: the reply, what was issued (its session then remembered),
   * or a grant to revoke because its code or refresh token came again.
   */
  private record Decided(Optional<OAuthReply> refusal, Optional<Issuance.Pending> pending, Optional<String> reusedGrant) {

    static Decided refused(ErrorObject error) {
      return new Decided(Optional.of(error(error)), Optional.empty(), Optional.empty());
    }

    static Decided reused(String grantId, ErrorObject error) {
      return new Decided(Optional.of(error(error)), Optional.empty(), Optional.of(grantId));
    }

    static Decided issued(Optional<Issuance.Pending> pending) {
      return pending.isEmpty() ? refused(OAuth2Error.INVALID_GRANT) : new Decided(Optional.empty(), pending, Optional.empty());
    }
  }

  // The code used up, the access token's session and the grant commit together, or none of them does.
  private Future<OAuthReply> exchange(OidcClient client, AuthorizationCodeGrant grant, RequestOrigin origin) {
    byte[] codeHash = SecretTokens.sha256(grant.getAuthorizationCode().getValue());
    return pool.withTransaction(tx -> codes.consume(tx, codeHash, client.clientId()).compose(found -> {
      if (found.isEmpty()) {
        return Future.succeededFuture(Decided.refused(OAuth2Error.INVALID_GRANT));
      }
      CodeRepository.Stored code = found.get();
      if (code.reused()) {
        audit.record(AuditEvent.of(AuditKind.OIDC_CODE_REUSED, origin).withUser(code.userId())
          .withApplication(client.applicationId()));
        return Future.succeededFuture(Decided.reused(code.grantId(),
          OAuth2Error.INVALID_GRANT.setDescription("code already used")));
      }
      if (!code.live() || grant.getRedirectionURI() == null || !code.redirectUri().equals(grant.getRedirectionURI().toString())
        || !verifies(grant.getCodeVerifier(), code.codeChallenge())) {
        return Future.succeededFuture(Decided.refused(OAuth2Error.INVALID_GRANT));
      }
      return issuance.forCode(tx, client, code).map(Decided::issued);
    })).compose(this::act);
  }

  // The refresh token used up, the access token's session and the token's successor commit together, or none of them does.
  private Future<OAuthReply> refresh(OidcClient client, RefreshTokenGrant grant, Scope scope, RequestOrigin origin) {
    byte[] tokenHash = SecretTokens.sha256(grant.getRefreshToken().getValue());
    return pool.withTransaction(tx -> grants.useRefresh(tx, tokenHash, client.clientId()).compose(found -> {
      if (found.isEmpty() || found.get().revoked() || !found.get().live()) {
        return Future.succeededFuture(Decided.refused(OAuth2Error.INVALID_GRANT));
      }
      GrantRepository.Refresh refresh = found.get();
      if (scope != null && !Scope.parse(refresh.scope()).containsAll(scope)) {
        return Future.succeededFuture(Decided.refused(OAuth2Error.INVALID_SCOPE));
      }
      if (refresh.usedMillisAgo() > settings.refreshReuseGrace().toMillis()) {
        // a rotated token came back: someone holds a copy; the whole family goes (RFC 9700 §4.14.2)
        audit.record(AuditEvent.of(AuditKind.OIDC_REFRESH_REUSED, origin).withUser(refresh.userId())
          .withApplication(client.applicationId()));
        return Future.succeededFuture(Decided.reused(refresh.grantId(), OAuth2Error.INVALID_GRANT));
      }
      return issuance.forRefresh(tx, refresh).map(Decided::issued);
    })).recover(failure -> failure instanceof Issuance.GrantEnded
      ? Future.succeededFuture(Decided.refused(OAuth2Error.INVALID_GRANT))
      : Future.failedFuture(failure))
      .compose(this::act);
  }

  /** After the commit: the session issued remembered, or a reused code's or token's grant revoked; then the reply. */
  private Future<OAuthReply> act(Decided decided) {
    if (decided.pending().isPresent()) {
      return Future.succeededFuture(success(issuance.committed(decided.pending().get())));
    }
    OAuthReply refusal = decided.refusal().orElseThrow();
    return decided.reusedGrant().isEmpty() ? Future.succeededFuture(refusal)
      : issuance.revoke(decided.reusedGrant().get()).map(refusal);
  }

  /** S256 of the verifier against the challenge, in constant time; no verifier never verifies. */
  private static boolean verifies(CodeVerifier verifier, String challenge) {
    if (verifier == null) {
      return false;
    }
    String computed = CodeChallenge.compute(CodeChallengeMethod.S256, verifier).getValue();
    return MessageDigest.isEqual(computed.getBytes(StandardCharsets.US_ASCII), challenge.getBytes(StandardCharsets.US_ASCII));
  }

  private static OAuthReply success(Issuance.Issued issued) {
    BearerAccessToken access = new BearerAccessToken(issued.accessToken(), issued.accessTtlSeconds(), Scope.parse(issued.scope()));
    RefreshToken refresh = issued.refreshToken().map(RefreshToken::new).orElse(null);
    // the ID token as signed, not parsed back (header, claims, Base64) only to be written out again
    HTTPResponse response = issued.idToken()
      .map(idToken -> new OIDCTokenResponse(new OIDCTokens(idToken, access, refresh)).toHTTPResponse())
      .orElseGet(() -> new AccessTokenResponse(new Tokens(access, refresh)).toHTTPResponse());
    return OAuthReply.of(response);
  }

  static OAuthReply error(ErrorObject error) {
    return OAuthReply.of(new TokenErrorResponse(error).toHTTPResponse());
  }

  /** RFC 6749 §5.2: a client that tried Basic authentication is told the scheme with its 401. */
  private static OAuthReply withChallenge(OAuthReply reply) {
    java.util.Map<String, String> headers = new java.util.LinkedHashMap<>(reply.headers());
    headers.put("WWW-Authenticate", "Basic realm=\"lanyard\"");
    return new OAuthReply(reply.status(), headers, reply.body());
  }
}
