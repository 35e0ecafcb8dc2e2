package io.lanyard.services.session;

import io.lanyard.model.api.Caller;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The revocations every request is checked against, in memory: two hash lookups, no database round trip. Held per user
 * ({@link UserRevocations}): a cut-off, the fold of the user's revocations, and the revoked tokens neither covers. Entries only
 * ever tighten (a revoked token is never un-revoked), so copies from the database, from notifications and from this
 * instance's own writes merge in any order. Entries go once the tokens they refuse have expired, or once a cut-off or fold
 * covers them.
 */
public final class RevocationList {

  private final ConcurrentHashMap<String, UserRevocations> users = new ConcurrentHashMap<>();

  /**
   * True when the caller's token was logged out, refreshed more than the grace period ago, ended by the session cap, or issued
   * before a cut-off or fold that does not spare it.
   */
  public boolean refuses(Caller caller, long now) {
    UserRevocations user = users.get(caller.userId());
    return user != null && user.refuses(caller.tokenId(), caller.issuedAt(), now);
  }

  void add(TokenRevocation revocation) {
    update(revocation.userId(), user -> user.add(revocation));
  }

  void add(SessionCutoff cutoff) {
    update(cutoff.userId(), user -> user.add(cutoff));
  }

  void add(SessionFold fold) {
    update(fold.userId(), user -> user.add(fold));
  }

  /** Drops the entries whose tokens have all expired (expired tokens are refused as such). */
  void prune(long now) {
    users.keySet().forEach(userId -> users.computeIfPresent(userId, (id, user) -> user.prune(now) ? null : user));
  }

  /** Entries held: cut-offs, folds and the tokens they spare, revoked token ids. */
  public int size() {
    return users.values().stream().mapToInt(UserRevocations::size).sum();
  }

  /** Entries held for one user: what a client of that user can make this instance keep. */
  public int sizeOf(String userId) {
    UserRevocations user = users.get(userId);
    return user == null ? 0 : user.size();
  }

  /** One user's writes, one at a time, never racing the prune that may drop its entry. */
  private void update(String userId, Consumer<UserRevocations> change) {
    users.compute(userId, (id, held) -> {
      UserRevocations user = held == null ? new UserRevocations() : held;
      change.accept(user);
      return user;
    });
  }
}
