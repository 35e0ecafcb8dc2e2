package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.token.BearerTokenError;
import io.vertx.core.Future;

import io.vertx.sqlclient.SqlClient;

import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * GET|POST {@code /oidc/userinfo} (OpenID Connect Core §5.3): the claims of the scopes the access token was granted, as JSON,
 * {@code sub} always. A missing, bad, expired or revoked token, or one that is no client's, is 401 with
 * {@code WWW-Authenticate: Bearer error="invalid_token"} (RFC 6750 §3); no token at all, 401 with the bare challenge.
 */
public final class UserInfo {

  private final Supplier<SqlClient> reads;
  private final AccessTokens tokens;
  private final ClaimsRepository claims = new ClaimsRepository();

  /** @param reads the client for a statement that runs alone (the event loop's pipelined one) */
  UserInfo(Supplier<SqlClient> reads, AccessTokens tokens) {
    this.reads = reads;
    this.tokens = tokens;
  }

  /** @param token the Bearer token of the request (header, or a POST's {@code access_token}), if any */
  public Future<OAuthReply> handle(Optional<String> token) {
    if (token.isEmpty()) {
      return Future.succeededFuture(refused(BearerTokenError.MISSING_TOKEN));
    }
    return tokens.check(token.get()).compose(valid -> valid.isEmpty()
      ? Future.succeededFuture(refused(BearerTokenError.INVALID_TOKEN))
      : claims.find(reads.get(), valid.get().caller().userId()).map(account -> account
        .map(found -> new OAuthReply(200, Map.of("Content-Type", "application/json; charset=utf-8",
          "Cache-Control", "no-store", "Pragma", "no-cache"), AccountClaims.of(found, Scopes.known(valid.get().scope()))
          .put("sub", valid.get().caller().userId()).encode()))
        .orElseGet(() -> refused(BearerTokenError.INVALID_TOKEN))));
  }

  private static OAuthReply refused(BearerTokenError error) {
    return new OAuthReply(error.getHTTPStatusCode(), Map.of("WWW-Authenticate", error.toWWWAuthenticateHeader(),
      "Cache-Control", "no-store", "Pragma", "no-cache"), "");
  }

}
