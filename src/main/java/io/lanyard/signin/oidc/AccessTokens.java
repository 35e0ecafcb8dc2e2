package io.lanyard.signin.oidc;

import io.lanyard.model.api.Caller;
import io.lanyard.signin.tokens.Authenticator;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * Reads a client's access token: the API's own check ({@link Authenticator}: signature, claims, expiry, revocation and
 * cut-offs, from memory), then the claims only a client's token has ({@code azp}, {@code scope}). A login's token of the API
 * is not a client's.
 */
final class AccessTokens {

  /** A live client's token: who, for which client, with which scopes. */
  record Valid(Caller caller, String clientId, String scope, JsonObject claims) {
  }

  private final Authenticator authenticator;

  AccessTokens(Authenticator authenticator) {
    this.authenticator = authenticator;
  }

  Future<Optional<Valid>> check(String token) {
    return authenticator.check(token).map(check -> {
      if (!check.isValid()) {
        return Optional.empty();
      }
      JsonObject claims = payload(token);
      if (!(claims.getValue("azp") instanceof String clientId) || !(claims.getValue("scope") instanceof String scope)) {
        return Optional.empty();
      }
      return Optional.of(new Valid(check.caller(), clientId, scope, claims));
    });
  }

  /** The payload of a token whose signature was just verified. */
  private static JsonObject payload(String token) {
    String[] parts = token.split("\\.");
    return new JsonObject(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
  }
}
