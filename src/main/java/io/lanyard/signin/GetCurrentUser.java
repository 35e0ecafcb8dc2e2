package io.lanyard.signin;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Caller;
import io.lanyard.model.api.Reply;
import io.lanyard.platform.db.ReadBatches;
import io.vertx.core.Future;

import java.util.UUID;

/**
 * GET /_me: the caller as Kuzzle's auth:getCurrentUser shows a user, {@code {_id, _source}} | 401 Invalid token if it is gone.
 * Every signed-in page asks this, so the accounts asked for at the same moment are read together ({@link ReadBatches}).
 */
public final class GetCurrentUser {

  private final ReadBatches<UUID, Account> accountsById;

  public GetCurrentUser(ReadBatches<UUID, Account> accountsById) {
    this.accountsById = accountsById;
  }

  public Future<Reply> handle(Caller caller) {
    return accountsById.find(UUID.fromString(caller.userId()))
      .map(account -> account
        .map(found -> Reply.ok(found.toKuzzleUser()))
        .orElseGet(() -> Reply.error(ApiError.revokedToken())));
  }
}
