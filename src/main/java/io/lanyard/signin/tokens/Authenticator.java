package io.lanyard.signin.tokens;

import io.lanyard.model.api.ApiError;
import io.lanyard.services.session.Revocations;
import io.vertx.core.Future;

/**
 * The verdict on a token for every request: signature, issuer and expiry ({@link TokenService}), then revocation, read from
 * memory while this instance is current, else from the database too ({@link Revocations}). A revoked token, or one of a user whose sessions were all ended, is 401 {@code Invalid token}.
 */
public record Authenticator(TokenService tokens, Revocations revocations) {

  public Future<TokenCheck> check(String token) {
    return tokens.verify(token).compose(check -> !check.isValid() ? Future.succeededFuture(check)
      : revocations.refuses(check.caller(), System.currentTimeMillis())
        .map(refused -> refused ? TokenCheck.refused(ApiError.revokedToken()) : check));
  }
}
