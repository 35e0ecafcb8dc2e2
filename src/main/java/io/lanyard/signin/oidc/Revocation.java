package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.OAuth2Error;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.TokenRevocationRequest;
import com.nimbusds.oauth2.sdk.token.Token;
import io.lanyard.model.applications.OidcClient;
import io.lanyard.platform.support.SecretTokens;
import io.lanyard.services.session.Sessions;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.util.Map;
import java.util.Optional;

/**
 * POST {@code /oidc/revoke} (RFC 7009): a client ends one of its own tokens. A refresh token ends its whole grant (its family
 * and the access token last issued under it); an access token ends as a logout would end it. 200 with an empty body whether
 * or not the token was known, valid, or the client's (§2.2): the answer tells nothing. A client that does not prove itself
 * is 401 {@code invalid_client}.
 */
public final class Revocation {

  private final Pool pool;
  private final OidcClients clients;
  private final AccessTokens accessTokens;
  private final Issuance issuance;
  private final Sessions sessions;
  private final GrantRepository grants = new GrantRepository();

  Revocation(Pool pool, OidcClients clients, AccessTokens accessTokens, Issuance issuance, Sessions sessions) {
    this.pool = pool;
    this.clients = clients;
    this.accessTokens = accessTokens;
    this.issuance = issuance;
    this.sessions = sessions;
  }

  public Future<OAuthReply> handle(OAuthRequest http) {
    TokenRevocationRequest request;
    try {
      request = TokenRevocationRequest.parse(http.toHttpRequest());
    } catch (ParseException e) {
      ErrorObject error = e.getErrorObject() == null ? OAuth2Error.INVALID_REQUEST : e.getErrorObject();
      return Future.succeededFuture(TokenEndpoint.error(error));
    }
    Optional<String> clientId = Optional.ofNullable(request.getClientID()).map(id -> id.getValue());
    return clients.authenticate(request.getClientAuthentication(), clientId).compose(client -> client.isEmpty()
      ? Future.succeededFuture(TokenEndpoint.error(OAuth2Error.INVALID_CLIENT))
      : revoke(client.get(), request.getToken()).map(done -> new OAuthReply(200,
        Map.of("Cache-Control", "no-store", "Pragma", "no-cache"), "")));
  }

  private Future<Void> revoke(OidcClient client, Token token) {
    String value = token.getValue();
    if (value.indexOf('.') > 0) {
      return accessTokens.check(value).compose(valid -> valid.filter(access -> access.clientId().equals(client.clientId()))
        .map(access -> sessions.end(access.caller())).orElseGet(Future::succeededFuture));
    }
    return grants.findRefresh(pool, SecretTokens.sha256(value)).compose(found -> found
      .filter(grant -> grant[1].equals(client.clientId()))
      .map(grant -> issuance.revoke(grant[0])).orElseGet(Future::succeededFuture));
  }
}
