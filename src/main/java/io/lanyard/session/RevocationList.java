package io.lanyard.session;

import io.lanyard.api.Caller;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The revocations every request is checked against, in memory: two hash lookups, no database round trip. Entries only ever
 * tighten (a revoked token is never un-revoked), so copies from the database, from notifications and from this instance's own
 * writes merge in any order. Entries go once the tokens they refuse have expired.
 */
public final class RevocationList {

  private final ConcurrentHashMap<String, TokenRevocation> tokens = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, SessionCutoff> cutoffs = new ConcurrentHashMap<>();

  /**
   * True when the caller's token was logged out, refreshed more than the grace period ago, or issued before a cut-off that does
   * not spare it.
   */
  public boolean refuses(Caller caller, long now) {
    SessionCutoff cutoff = cutoffs.get(caller.userId());
    if (cutoff != null && cutoff.refuses(caller.tokenId(), caller.issuedAt())) {
      return true;
    }
    TokenRevocation revocation = tokens.get(caller.tokenId());
    return revocation != null && now >= revocation.refusedFrom();
  }

  void add(TokenRevocation revocation) {
    tokens.merge(revocation.tokenId(), revocation, TokenRevocation::earliest);
  }

  void add(SessionCutoff cutoff) {
    cutoffs.merge(cutoff.userId(), cutoff, SessionCutoff::latest);
  }

  /** Drops the entries whose tokens have all expired (expired tokens are refused as such). */
  void prune(long now) {
    tokens.values().removeIf(revocation -> revocation.isUseless(now));
    cutoffs.values().removeIf(cutoff -> cutoff.isUseless(now));
  }

  /** Entries held: revoked token ids, and users with a cut-off. */
  public int size() {
    return tokens.size() + cutoffs.size();
  }
}
