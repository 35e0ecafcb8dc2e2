package io.lanyard.session;

import io.vertx.core.json.JsonObject;

/**
 * One token refused by its id ({@code jti}): a logout, or the old token of a refresh.
 *
 * @param refusedFrom when the token stops working, epoch ms (a refresh leaves the old token a grace period)
 * @param expiresAt the token's own expiry, epoch ms, or -1 when it never expires: past it the entry is useless and pruned
 */
public record TokenRevocation(String tokenId, String userId, long refusedFrom, long expiresAt) {

  /** The earlier refusal wins: a logout during a refresh's grace period ends the token at once. */
  static TokenRevocation earliest(TokenRevocation a, TokenRevocation b) {
    return a.refusedFrom <= b.refusedFrom ? a : b;
  }

  boolean isUseless(long now) {
    return expiresAt != -1 && expiresAt < now;
  }

  /** The NOTIFY payload. */
  JsonObject toJson() {
    return new JsonObject().put("tokenId", tokenId).put("userId", userId).put("refusedFrom", refusedFrom).put("expiresAt", expiresAt);
  }

  /** @throws RuntimeException when the payload is not one of ours */
  static TokenRevocation fromJson(JsonObject json) {
    return new TokenRevocation(require(json.getString("tokenId")), require(json.getString("userId")),
      json.getLong("refusedFrom"), json.getLong("expiresAt"));
  }

  private static String require(String value) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException("missing field");
    }
    return value;
  }
}
