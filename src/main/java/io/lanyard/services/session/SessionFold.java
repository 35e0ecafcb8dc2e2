package io.lanyard.services.session;

import io.vertx.core.json.JsonObject;

import java.util.HashMap;
import java.util.Map;

/**
 * A user's revocations folded into one entry: every token of the user issued before {@code foldedBefore} is refused, except
 * the ones it spares, which were live when it was written. It replaces one entry per revoked token with at most one per live
 * token, and the live tokens of a user are capped, so what memory and the table hold per user stays bounded however many
 * tokens a client has ended. Written only under the user's lock, each fold of a user with a later {@code foldedBefore} than
 * the one before: the later fold is the newer one.
 *
 * @param foldedBefore tokens issued before this instant (epoch ms) are refused unless spared
 * @param expiresAt when every token issued before {@code foldedBefore} has expired anyway, or -1 when tokens may never expire
 * @param spared the tokens issued before {@code foldedBefore} that are not refused by it: {@link #LIVE}, or the instant (epoch
 *   ms) from which a refreshed one is refused (its grace period)
 */
public record SessionFold(String userId, long foldedBefore, long expiresAt, Map<String, Long> spared) {

  /** A spared token that is refused only once it is revoked (an entry of its own) or has expired. */
  public static final long LIVE = -1;

  public SessionFold {
    spared = Map.copyOf(spared);
  }

  /** Whether this fold refuses a token of its user issued at {@code issuedAt} (epoch ms), at {@code now}. */
  boolean refuses(String tokenId, long issuedAt, long now) {
    return now >= refusedFrom(tokenId, issuedAt);
  }

  /** From when this fold refuses the token: {@link Long#MAX_VALUE} never, {@link Long#MIN_VALUE} always. */
  long refusedFrom(String tokenId, long issuedAt) {
    if (issuedAt < 0 || issuedAt >= foldedBefore) {
      return Long.MAX_VALUE;
    }
    Long until = spared.get(tokenId);
    if (until == null) {
      return Long.MIN_VALUE;
    }
    return until == LIVE ? Long.MAX_VALUE : until;
  }

  /** Whether {@code revocation} adds nothing to this fold: the fold refuses its token at least as early. */
  boolean covers(TokenRevocation revocation) {
    return refusedFrom(revocation.tokenId(), revocation.issuedAt()) <= revocation.refusedFrom();
  }

  boolean isUseless(long now) {
    return expiresAt != -1 && expiresAt < now;
  }

  /** Entries held: the fold and each token it spares. */
  int size() {
    return 1 + spared.size();
  }

  /** The NOTIFY payload (and the {@code spared} column is {@link #sparedJson}). */
  JsonObject toJson() {
    return new JsonObject().put("userId", userId).put("foldedBefore", foldedBefore).put("expiresAt", expiresAt)
      .put("spared", sparedJson());
  }

  JsonObject sparedJson() {
    JsonObject json = new JsonObject();
    spared.forEach(json::put);
    return json;
  }

  /** @throws RuntimeException when the payload is not one of ours */
  static SessionFold fromJson(JsonObject json) {
    String userId = json.getString("userId");
    if (userId == null || userId.isEmpty()) {
      throw new IllegalArgumentException("missing field");
    }
    return new SessionFold(userId, json.getLong("foldedBefore"), json.getLong("expiresAt"), spared(json.getJsonObject("spared")));
  }

  /** @param json {@code {"<token id>": epoch ms or -1}}, or null for none */
  static Map<String, Long> spared(JsonObject json) {
    Map<String, Long> spared = new HashMap<>();
    if (json != null) {
      json.forEach(entry -> spared.put(entry.getKey(), ((Number) entry.getValue()).longValue()));
    }
    return spared;
  }
}
