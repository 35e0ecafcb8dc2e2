package io.lanyard.auth;

import io.lanyard.api.ApiError;
import io.lanyard.api.ApiRequest;
import io.lanyard.api.Reply;
import io.lanyard.user.UserRepository;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

/** GET /_me: the caller as Kuzzle's auth:getCurrentUser shows a user, {@code {_id, _source}} | 401 Invalid token if it is gone. */
public final class GetCurrentUser {

  private final Pool pool;
  private final UserRepository users;

  public GetCurrentUser(Pool pool, UserRepository users) {
    this.pool = pool;
    this.users = users;
  }

  public Future<Reply> handle(ApiRequest request) {
    return users.findAccount(pool, request.requireCaller().userId())
      .map(account -> account
        .map(found -> Reply.ok(found.toKuzzleUser()))
        .orElseGet(() -> Reply.error(ApiError.revokedToken())));
  }
}
