package io.lanyard.services.session;

import io.lanyard.model.api.Caller;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

/**
 * Whether a token is revoked, for every request. From memory while the instance is current ({@link RevocationSync#isCurrent}):
 * two hash lookups. Otherwise (the change feed lost or late, a catch-up under way) also from the tables, one indexed read: an
 * instance that may have missed a revocation never trusts its memory to accept a token (fail safe). When that read fails, the
 * request fails with it (503, storage unavailable): a token is never accepted unchecked.
 */
public record Revocations(RevocationList list, RevocationSync sync, RevocationRepository repository, SqlClient client) {

  public Future<Boolean> refuses(Caller caller, long now) {
    if (list.refuses(caller, now)) {
      return Future.succeededFuture(true);
    }
    if (sync.isCurrent()) {
      return Future.succeededFuture(false);
    }
    return repository.refusing(client, caller.tokenId(), caller.userId())
      .map(stored -> stored.refuses(caller.tokenId(), caller.issuedAt(), now));
  }
}
