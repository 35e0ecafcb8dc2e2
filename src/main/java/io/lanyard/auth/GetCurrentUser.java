package io.lanyard.auth;

import io.lanyard.accounts.AccountRepository;
import io.lanyard.api.ApiError;
import io.lanyard.api.Caller;
import io.lanyard.api.Reply;
import io.lanyard.db.PipelinedReads;
import io.vertx.core.Future;

/** GET /_me: the caller as Kuzzle's auth:getCurrentUser shows a user, {@code {_id, _source}} | 401 Invalid token if it is gone. */
public final class GetCurrentUser {

  private final PipelinedReads reads;
  private final AccountRepository accounts;

  public GetCurrentUser(PipelinedReads reads, AccountRepository accounts) {
    this.reads = reads;
    this.accounts = accounts;
  }

  public Future<Reply> handle(Caller caller) {
    return accounts.findById(reads.client(), caller.userId())
      .map(account -> account
        .map(found -> Reply.ok(found.toKuzzleUser()))
        .orElseGet(() -> Reply.error(ApiError.revokedToken())));
  }
}
