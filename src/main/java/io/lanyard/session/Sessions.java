package io.lanyard.session;

import io.lanyard.api.Caller;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

/**
 * Ends sessions: writes the revocation (which announces itself to every instance), then applies it here at once, so the next
 * request to this instance is refused even before the notification comes back.
 */
public final class Sessions {

  private final Pool pool;
  private final RevocationRepository repository;
  private final RevocationList list;
  private final long maxTtlMillis;

  /** @param maxTtlMillis the longest token lifetime, or -1: how long a cut-off must be kept */
  public Sessions(Pool pool, RevocationRepository repository, RevocationList list, long maxTtlMillis) {
    this.pool = pool;
    this.repository = repository;
    this.list = list;
    this.maxTtlMillis = maxTtlMillis;
  }

  /** The caller's token is refused from {@code refusedFrom} (epoch ms) until it expires. */
  public Future<Void> endToken(Caller caller, long refusedFrom) {
    TokenRevocation revocation = new TokenRevocation(caller.tokenId(), caller.userId(), refusedFrom, caller.expiresAt());
    return repository.revoke(pool, revocation).onSuccess(written -> list.add(revocation));
  }

  /** Every token of the user issued before {@code notBefore} (epoch ms) is refused. */
  public Future<Void> endAll(String userId, long notBefore) {
    long expiresAt = maxTtlMillis == -1 ? -1 : notBefore + maxTtlMillis;
    SessionCutoff cutoff = new SessionCutoff(userId, notBefore, expiresAt);
    return repository.cut(pool, cutoff).onSuccess(written -> list.add(cutoff));
  }
}
