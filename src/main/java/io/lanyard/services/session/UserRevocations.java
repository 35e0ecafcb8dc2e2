package io.lanyard.services.session;

import java.util.concurrent.ConcurrentHashMap;

/**
 * What refuses one user's tokens: the user's cut-off, the fold of its revocations, and the revocations of tokens neither of them
 * refuses already. Adding a cut-off or fold drops the revocations it makes redundant, and a revocation they already cover is
 * not added, so the entries held per user stay bounded by the tokens it may have live, in whatever order copies from the
 * database, notifications and this instance's own writes arrive. Readers never lock; writers are serialised by
 * {@link RevocationList} (one user's writes run inside its map's {@code compute}).
 */
final class UserRevocations {

  private volatile SessionCutoff cutoff;
  private volatile SessionFold fold;
  private final ConcurrentHashMap<String, TokenRevocation> tokens = new ConcurrentHashMap<>();

  boolean refuses(String tokenId, long issuedAt, long now) {
    SessionCutoff userCutoff = cutoff;
    if (userCutoff != null && userCutoff.refuses(tokenId, issuedAt)) {
      return true;
    }
    SessionFold userFold = fold;
    if (userFold != null && userFold.refuses(tokenId, issuedAt, now)) {
      return true;
    }
    TokenRevocation revocation = tokens.get(tokenId);
    return revocation != null && now >= revocation.refusedFrom();
  }

  void add(TokenRevocation revocation) {
    if (!covered(revocation)) {
      tokens.merge(revocation.tokenId(), revocation, TokenRevocation::earliest);
    }
  }

  /** Cut-offs only move forward ({@link SessionCutoff#latest}). */
  void add(SessionCutoff added) {
    cutoff = cutoff == null ? added : SessionCutoff.latest(cutoff, added);
    tokens.values().removeIf(this::covered);
  }

  /** The fold with the later {@code foldedBefore} is the newer one; a fold heard again changes nothing. */
  void add(SessionFold added) {
    if (fold == null || added.foldedBefore() > fold.foldedBefore()) {
      fold = added;
      tokens.values().removeIf(this::covered);
    }
  }

  /**
   * Drops the entries whose tokens have all expired (expired tokens are refused as such).
   *
   * @return whether nothing is left
   */
  boolean prune(long now) {
    if (cutoff != null && cutoff.isUseless(now)) {
      cutoff = null;
    }
    if (fold != null && fold.isUseless(now)) {
      fold = null;
    }
    tokens.values().removeIf(revocation -> revocation.isUseless(now));
    return cutoff == null && fold == null && tokens.isEmpty();
  }

  /** Entries held: the cut-off, the fold and each token it spares, each revoked token. */
  int size() {
    SessionFold userFold = fold;
    return (cutoff == null ? 0 : 1) + (userFold == null ? 0 : userFold.size()) + tokens.size();
  }

  /** Whether the cut-off or the fold refuses the revoked token at least from when the revocation does. */
  private boolean covered(TokenRevocation revocation) {
    SessionCutoff userCutoff = cutoff;
    SessionFold userFold = fold;
    boolean cut = userCutoff != null && revocation.issuedAt() >= 0
      && userCutoff.refuses(revocation.tokenId(), revocation.issuedAt());
    return cut || userFold != null && userFold.covers(revocation);
  }
}
