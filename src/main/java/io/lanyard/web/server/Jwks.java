package io.lanyard.web.server;

import io.lanyard.model.api.Reply;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

import java.util.Map;

/**
 * GET /.well-known/jwks.json: the public keys that verify this service's tokens, as a bare JWK Set (RFC 7517) because JWT
 * libraries fetch it as such: the API tokens' under ES256 or RS256, and the ID tokens' while the OpenID Connect provider is on
 * (docs/decisions.md §13). Not mounted under HS256 with the provider off: an HMAC secret is never published.
 */
public final class Jwks {

  /** Five minutes: a key published for a rotation reaches third parties well before it signs. */
  private static final Map<String, String> CACHING = Map.of("Cache-Control", "public, max-age=300");

  private final JsonObject keySet;

  /** @param keySet the JWK Set, public members only */
  public Jwks(JsonObject keySet) {
    this.keySet = keySet;
  }

  public Future<Reply> handle() {
    return Future.succeededFuture(Reply.bare(keySet.copy(), CACHING));
  }
}
