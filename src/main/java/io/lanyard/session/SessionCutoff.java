package io.lanyard.session;

import io.vertx.core.json.JsonObject;

/**
 * Every token of a user issued before an instant is refused: a global logout, or a disabled account. One entry per user
 * however many tokens it had, so ending all sessions costs no memory per token.
 *
 * @param notBefore tokens issued before this instant (epoch ms) are refused
 * @param expiresAt when every such token has expired anyway ({@code notBefore} + the longest lifetime), or -1 when tokens may
 *   never expire: past it the entry is useless and pruned
 */
public record SessionCutoff(String userId, long notBefore, long expiresAt) {

  /** Cut-offs only move forward; the later one covers everything the earlier one did. */
  static SessionCutoff latest(SessionCutoff a, SessionCutoff b) {
    long expiresAt = a.expiresAt == -1 || b.expiresAt == -1 ? -1 : Math.max(a.expiresAt, b.expiresAt);
    return new SessionCutoff(a.userId, Math.max(a.notBefore, b.notBefore), expiresAt);
  }

  boolean isUseless(long now) {
    return expiresAt != -1 && expiresAt < now;
  }

  /** The NOTIFY payload. */
  JsonObject toJson() {
    return new JsonObject().put("userId", userId).put("notBefore", notBefore).put("expiresAt", expiresAt);
  }

  /** @throws RuntimeException when the payload is not one of ours */
  static SessionCutoff fromJson(JsonObject json) {
    String userId = json.getString("userId");
    if (userId == null || userId.isEmpty()) {
      throw new IllegalArgumentException("missing field");
    }
    return new SessionCutoff(userId, json.getLong("notBefore"), json.getLong("expiresAt"));
  }
}
