package io.lanyard.services.session;

import io.vertx.core.json.JsonObject;

import java.util.Optional;

/**
 * Every token of a user issued before an instant is refused: a global logout, a disabled or erased account, a password reset;
 * or every token but one, when its owner changed the password through it. One entry per user however many tokens it had, so
 * ending all sessions costs no memory per token.
 *
 * @param notBefore tokens issued before this instant (epoch ms) are refused
 * @param expiresAt when every such token has expired anyway ({@code notBefore} + the longest lifetime), or -1 when tokens may
 *   never expire: past it the entry is useless and pruned
 */
public record SessionCutoff(String userId, long notBefore, long expiresAt, Optional<String> keptTokenId) {

  /** No token spared. */
  public SessionCutoff(String userId, long notBefore, long expiresAt) {
    this(userId, notBefore, expiresAt, Optional.empty());
  }

  /**
   * Cut-offs only move forward; the later one covers everything the earlier one did, and only its spared token is spared (a
   * token spared by an earlier cut-off was issued before the later one too).
   */
  static SessionCutoff latest(SessionCutoff a, SessionCutoff b) {
    long expiresAt = a.expiresAt == -1 || b.expiresAt == -1 ? -1 : Math.max(a.expiresAt, b.expiresAt);
    SessionCutoff later = b.notBefore >= a.notBefore ? b : a;
    return new SessionCutoff(a.userId, later.notBefore, expiresAt, later.keptTokenId);
  }

  /** Whether this cut-off refuses a token of its user issued at {@code issuedAt} (epoch ms). */
  boolean refuses(String tokenId, long issuedAt) {
    return issuedAt < notBefore && !keptTokenId.map(tokenId::equals).orElse(false);
  }

  boolean isUseless(long now) {
    return expiresAt != -1 && expiresAt < now;
  }

  /** The NOTIFY payload. */
  JsonObject toJson() {
    return new JsonObject().put("userId", userId).put("notBefore", notBefore).put("expiresAt", expiresAt)
      .put("keptTokenId", keptTokenId.orElse(null));
  }

  /** @throws RuntimeException when the payload is not one of ours */
  static SessionCutoff fromJson(JsonObject json) {
    String userId = json.getString("userId");
    if (userId == null || userId.isEmpty()) {
      throw new IllegalArgumentException("missing field");
    }
    return new SessionCutoff(userId, json.getLong("notBefore"), json.getLong("expiresAt"),
      Optional.ofNullable(json.getString("keptTokenId")));
  }
}
