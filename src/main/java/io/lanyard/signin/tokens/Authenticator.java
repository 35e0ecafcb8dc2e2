package io.lanyard.signin.tokens;

import io.lanyard.model.api.ApiError;
import io.lanyard.services.session.RevocationList;
import io.vertx.core.Future;

/**
 * The verdict on a token for every request: signature, issuer and expiry ({@link TokenService}), then revocation, read from
 * memory. A revoked token, or one of a user whose sessions were all ended, is 401 {@code Invalid token}.
 */
public final class Authenticator {

  private final TokenService tokens;
  private final RevocationList revocations;

  public Authenticator(TokenService tokens, RevocationList revocations) {
    this.tokens = tokens;
    this.revocations = revocations;
  }

  public Future<TokenCheck> check(String token) {
    return tokens.verify(token).map(check -> check.isValid() && revocations.refuses(check.caller(), System.currentTimeMillis())
      ? TokenCheck.refused(ApiError.revokedToken())
      : check);
  }
}
