package io.lanyard.web.server;

import io.lanyard.model.api.Reply;
import io.lanyard.signin.tokens.SigningKeys;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

import java.util.Map;

/**
 * GET /.well-known/jwks.json: the public keys that verify this service's tokens, as a bare JWK Set (RFC 7517) because JWT
 * libraries fetch it as such. Only mounted under ES256 or RS256: an HMAC secret is never published.
 */
public final class Jwks {

  /** Five minutes: a key published for a rotation reaches third parties well before it signs. */
  private static final Map<String, String> CACHING = Map.of("Cache-Control", "public, max-age=300");

  private final JsonObject keySet;

  public Jwks(SigningKeys keys) {
    this.keySet = keys.jwks();
  }

  public Future<Reply> handle() {
    return Future.succeededFuture(Reply.bare(keySet.copy(), CACHING));
  }
}
