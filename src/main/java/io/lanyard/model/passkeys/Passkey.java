package io.lanyard.model.passkeys;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;

/**
 * A registered passkey as people and the help desk see it: its credential id (base64url, the {@code _id} of the API), the
 * name its owner gave it, the transports the browser reported, when it was registered and last used. Never its key.
 */
public record Passkey(byte[] credentialId, String userId, String name, List<String> transports, OffsetDateTime createdAt,
                      OffsetDateTime lastUsedAt) {

  public String id() {
    return encode(credentialId);
  }

  public JsonObject toJson() {
    return new JsonObject()
      .put("_id", id())
      .put("name", name)
      .put("transports", new JsonArray(transports))
      .put("createdAt", createdAt.toInstant().toEpochMilli())
      .put("lastUsedAt", lastUsedAt == null ? null : lastUsedAt.toInstant().toEpochMilli());
  }

  public static String encode(byte[] bytes) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
