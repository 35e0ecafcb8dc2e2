package io.lanyard.services.session;

import io.vertx.core.json.JsonObject;

/**
 * One token refused by its id ({@code jti}): a logout, the old token of a refresh, or the oldest token of a user past the
 * session cap.
 *
 * @param refusedFrom when the token stops working, epoch ms (a refresh leaves the old token a grace period)
 * @param expiresAt the token's own expiry, epoch ms, or -1 when it never expires: past it the entry is useless and pruned
 * @param issuedAt when the token was issued, epoch ms, or an instant after it; -1 when unknown. A cut-off or fold of the user
 *   that refuses tokens issued before a later instant makes the entry redundant
 */
public record TokenRevocation(String tokenId, String userId, long refusedFrom, long expiresAt, long issuedAt) {

  /** A revocation whose token's issue instant is unknown: no cut-off ever makes it redundant. */
  public TokenRevocation(String tokenId, String userId, long refusedFrom, long expiresAt) {
    this(tokenId, userId, refusedFrom, expiresAt, -1);
  }

  /** The earlier refusal wins: a logout during a refresh's grace period ends the token at once. */
  static TokenRevocation earliest(TokenRevocation a, TokenRevocation b) {
    return a.refusedFrom <= b.refusedFrom ? a : b;
  }

  boolean isUseless(long now) {
    return expiresAt != -1 && expiresAt < now;
  }

  /** The NOTIFY payload. */
  JsonObject toJson() {
    return new JsonObject().put("tokenId", tokenId).put("userId", userId).put("refusedFrom", refusedFrom).put("expiresAt", expiresAt)
      .put("issuedAt", issuedAt);
  }

  /** @throws RuntimeException when the payload is not one of ours (one without {@code issuedAt}, from an older version, is) */
  static TokenRevocation fromJson(JsonObject json) {
    return new TokenRevocation(require(json.getString("tokenId")), require(json.getString("userId")),
      json.getLong("refusedFrom"), json.getLong("expiresAt"), json.getLong("issuedAt", -1L));
  }

  private static String require(String value) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException("missing field");
    }
    return value;
  }
}
