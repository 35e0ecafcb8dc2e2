package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.token.BearerTokenError;
import io.lanyard.platform.db.ReadBatches;
import io.vertx.core.Future;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * GET|POST {@code /oidc/userinfo} (OpenID Connect Core §5.3): the claims of the scopes the access token was granted, as JSON,
 * {@code sub} always. A missing, bad, expired or revoked token, or one that is no client's, is 401 with
 * {@code WWW-Authenticate: Bearer error="invalid_token"} (RFC 6750 §3); no token at all, 401 with the bare challenge. Like
 * {@code /_me}, the token is checked from memory and the accounts asked for at the same moment are read together
 * ({@link ReadBatches}).
 */
public final class UserInfo {

  private static final Map<String, String> HEADERS = Map.of("Content-Type", "application/json; charset=utf-8",
    "Cache-Control", "no-store", "Pragma", "no-cache");

  private final ReadBatches<UUID, ClaimsRepository.AccountClaims> claims;
  private final AccessTokens tokens;

  /** @param claims the active accounts' claims by id, read in batches on each event loop */
  UserInfo(ReadBatches<UUID, ClaimsRepository.AccountClaims> claims, AccessTokens tokens) {
    this.claims = claims;
    this.tokens = tokens;
  }

  /** @param token the Bearer token of the request (header, or a POST's {@code access_token}), if any */
  public Future<OAuthReply> handle(Optional<String> token) {
    if (token.isEmpty()) {
      return Future.succeededFuture(refused(BearerTokenError.MISSING_TOKEN));
    }
    return tokens.check(token.get()).compose(valid -> valid.isEmpty()
      ? Future.succeededFuture(refused(BearerTokenError.INVALID_TOKEN))
      : claims.find(UUID.fromString(valid.get().caller().userId())).map(account -> account
        .map(found -> new OAuthReply(200, HEADERS, AccountClaims.of(found, Scopes.known(valid.get().scope()))
          .put("sub", valid.get().caller().userId()).encode()))
        .orElseGet(() -> refused(BearerTokenError.INVALID_TOKEN))));
  }

  private static OAuthReply refused(BearerTokenError error) {
    return new OAuthReply(error.getHTTPStatusCode(), Map.of("WWW-Authenticate", error.toWWWAuthenticateHeader(),
      "Cache-Control", "no-store", "Pragma", "no-cache"), "");
  }

}
