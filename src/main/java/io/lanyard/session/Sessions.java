package io.lanyard.session;

import io.lanyard.api.Caller;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;

import java.util.Optional;

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
    SessionCutoff cutoff = cutoff(userId, notBefore, Optional.empty());
    return repository.cut(pool, cutoff).onSuccess(written -> list.add(cutoff));
  }

  /**
   * Writes, in the caller's transaction, that every token of the user issued before {@code notBefore} is refused, except
   * {@code keptTokenId}'s. Other instances hear of it at commit; this one once the caller calls {@link #remember} after it.
   */
  public Future<SessionCutoff> endAllIn(SqlClient transaction, String userId, long notBefore, Optional<String> keptTokenId) {
    SessionCutoff cutoff = cutoff(userId, notBefore, keptTokenId);
    return repository.cut(transaction, cutoff).map(cutoff);
  }

  /** Applies a committed cut-off here at once, so the next request to this instance is refused. */
  public void remember(SessionCutoff cutoff) {
    list.add(cutoff);
  }

  private SessionCutoff cutoff(String userId, long notBefore, Optional<String> keptTokenId) {
    long expiresAt = maxTtlMillis == -1 ? -1 : notBefore + maxTtlMillis;
    return new SessionCutoff(userId, notBefore, expiresAt, keptTokenId);
  }
}
