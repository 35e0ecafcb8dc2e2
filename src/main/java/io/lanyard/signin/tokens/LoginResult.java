package io.lanyard.signin.tokens;

import io.vertx.core.json.JsonObject;

/** The result of a login or refresh: {@code {_id, jwt, expiresAt, ttl}}; {@code expiresAt} and {@code ttl} are -1 for no expiry. */
public record LoginResult(String userId, String jwt, long expiresAt, long ttl) {

  public JsonObject toJson() {
    return new JsonObject().put("_id", userId).put("jwt", jwt).put("expiresAt", expiresAt).put("ttl", ttl);
  }
}
