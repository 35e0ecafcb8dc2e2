package io.lanyard.signin.oidc;

import io.lanyard.model.api.Caller;
import io.lanyard.signin.tokens.Authenticator;
import io.vertx.core.Future;

import java.util.Optional;

/**
 * Reads a client's access token: the API's own check ({@link Authenticator}: signature, claims, expiry, revocation and
 * cut-offs, from memory), which also reads the claims only a client's token has ({@code azp}, {@code scope}). A login's token
 * of the API is not a client's.
 */
final class AccessTokens {

  /** A live client's token: who, for which client, with which scopes. */
  record Valid(Caller caller, String clientId, String scope) {
  }

  private final Authenticator authenticator;

  AccessTokens(Authenticator authenticator) {
    this.authenticator = authenticator;
  }

  Future<Optional<Valid>> check(String token) {
    return authenticator.check(token).map(check -> check.isValid()
      ? check.client().map(client -> new Valid(check.caller(), client.clientId(), client.scope()))
      : Optional.empty());
  }
}
