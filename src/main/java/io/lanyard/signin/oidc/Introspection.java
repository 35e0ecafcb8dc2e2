package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.OAuth2Error;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.TokenIntrospectionRequest;
import com.nimbusds.oauth2.sdk.TokenIntrospectionSuccessResponse;
import com.nimbusds.oauth2.sdk.id.Audience;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.id.Subject;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.token.AccessTokenType;
import io.lanyard.model.applications.OidcClient;
import io.vertx.core.Future;

import java.util.Date;
import java.util.Optional;

/**
 * POST {@code /oidc/introspect} (RFC 7662): a confidential client asks whether one of its access tokens is live, and what it
 * says. {@code active: false} for anything else (unknown, expired, revoked, another client's, a refresh token): a client
 * learns nothing about tokens it does not hold. Public clients cannot introspect (401 {@code invalid_client}).
 */
public final class Introspection {

  private final OidcClients clients;
  private final AccessTokens accessTokens;
  private final String issuer;

  Introspection(OidcClients clients, AccessTokens accessTokens, String issuer) {
    this.clients = clients;
    this.accessTokens = accessTokens;
    this.issuer = issuer;
  }

  public Future<OAuthReply> handle(OAuthRequest http) {
    TokenIntrospectionRequest request;
    try {
      request = TokenIntrospectionRequest.parse(http.toHttpRequest());
    } catch (ParseException e) {
      ErrorObject error = e.getErrorObject() == null ? OAuth2Error.INVALID_REQUEST : e.getErrorObject();
      return Future.succeededFuture(TokenEndpoint.error(error));
    }
    if (request.getClientAuthentication() == null) {
      return Future.succeededFuture(TokenEndpoint.error(OAuth2Error.INVALID_CLIENT));
    }
    return clients.authenticate(request.getClientAuthentication(), Optional.empty()).compose(client -> client.isEmpty()
      ? Future.succeededFuture(TokenEndpoint.error(OAuth2Error.INVALID_CLIENT))
      : introspect(client.get(), request.getToken().getValue()));
  }

  private Future<OAuthReply> introspect(OidcClient client, String token) {
    if (token.indexOf('.') < 0) {
      return Future.succeededFuture(inactive());
    }
    return accessTokens.check(token).map(valid -> valid.filter(access -> access.clientId().equals(client.clientId()))
      .map(access -> OAuthReply.of(new TokenIntrospectionSuccessResponse.Builder(true)
        .scope(Scope.parse(access.scope()))
        .clientID(new ClientID(access.clientId()))
        .tokenType(AccessTokenType.BEARER)
        .subject(new Subject(access.caller().userId()))
        .audience(Audience.create(access.clientId()))
        .issuer(new Issuer(issuer))
        .expirationTime(new Date(access.caller().expiresAt()))
        .issueTime(new Date(access.caller().issuedAt() / 1000 * 1000))
        .jwtID(new com.nimbusds.oauth2.sdk.id.JWTID(access.caller().tokenId()))
        .build().toHTTPResponse()))
      .orElseGet(Introspection::inactive));
  }

  private static OAuthReply inactive() {
    return OAuthReply.of(new TokenIntrospectionSuccessResponse.Builder(false).build().toHTTPResponse());
  }
}
