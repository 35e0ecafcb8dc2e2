package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.token.BearerTokenError;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.signin.tokens.Authenticator;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;

import java.util.Map;
import java.util.Optional;

/**
 * {@code GET /oidc/consents} and {@code DELETE /oidc/consents[/{clientId}]}: a person lists the consents they gave clients,
 * and takes one (or all) back, with any of their tokens (a login's, or a client's access token). 200 JSON; 401 with
 * {@code WWW-Authenticate} without a valid token.
 */
public final class MyConsents {

  private static final Map<String, String> JSON = Map.of("Content-Type", "application/json; charset=utf-8",
    "Cache-Control", "no-store");

  private final Pool pool;
  private final Authenticator authenticator;
  private final Consents consents;

  MyConsents(Pool pool, Authenticator authenticator, Consents consents) {
    this.pool = pool;
    this.authenticator = authenticator;
    this.consents = consents;
  }

  public Future<OAuthReply> list(Optional<String> token) {
    return caller(token).compose(userId -> userId.isEmpty() ? Future.succeededFuture(refused())
      : consents.list(pool, userId.get()).map(listed -> new OAuthReply(200, JSON, listed.encode())));
  }

  /** @param clientId empty: every client's */
  public Future<OAuthReply> revoke(Optional<String> token, Optional<String> clientId, RequestOrigin origin) {
    return caller(token).compose(userId -> userId.isEmpty() ? Future.succeededFuture(refused())
      : consents.revoke(pool, userId.get(), clientId, origin).map(revoked -> new OAuthReply(200, JSON,
        new JsonObject().put("revoked", new JsonArray(revoked)).encode())));
  }

  private Future<Optional<String>> caller(Optional<String> token) {
    if (token.isEmpty()) {
      return Future.succeededFuture(Optional.empty());
    }
    return authenticator.check(token.get()).map(check -> check.isValid() ? Optional.of(check.caller().userId())
      : Optional.empty());
  }

  private static OAuthReply refused() {
    return new OAuthReply(401, Map.of("WWW-Authenticate", BearerTokenError.INVALID_TOKEN.toWWWAuthenticateHeader(),
      "Cache-Control", "no-store"), "");
  }
}
