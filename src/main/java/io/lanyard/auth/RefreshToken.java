package io.lanyard.auth;

import io.lanyard.accounts.AccountRepository;
import io.lanyard.accounts.UserStatus;
import io.lanyard.api.ApiError;
import io.lanyard.api.Caller;
import io.lanyard.api.Reply;
import io.lanyard.session.Sessions;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

/**
 * POST /_refreshToken[?expiresIn=]: a new login result for the caller | 400 bad expiresIn | 401 Invalid token when the account
 * is no longer active. The old token keeps working for {@link #GRACE_MILLIS} (requests already sent with it still pass), then
 * is refused on every instance.
 */
public final class RefreshToken {

  public static final long GRACE_MILLIS = 1000;

  private final Pool pool;
  private final AccountRepository accounts;
  private final TokenService tokens;
  private final Sessions sessions;
  private final Expiry expiry;

  public RefreshToken(Pool pool, AccountRepository accounts, TokenService tokens, Sessions sessions, Expiry expiry) {
    this.pool = pool;
    this.accounts = accounts;
    this.tokens = tokens;
    this.sessions = sessions;
    this.expiry = expiry;
  }

  public Future<Reply> handle(RefreshTokenRequest request) {
    Expiry.Parsed ttl = expiry.parse(request.expiresIn());
    if (ttl.error() != null) {
      return Future.succeededFuture(Reply.error(ttl.error()));
    }
    Caller caller = request.caller();
    // Stamped before the status read: a disable landing after the read still cuts the new token off.
    long issuedAt = System.currentTimeMillis();
    return accounts.findById(pool, caller.userId()).compose(account -> {
      if (account.isEmpty() || account.get().status() != UserStatus.ACTIVE) {
        return Future.succeededFuture(Reply.error(ApiError.revokedToken()));
      }
      return sessions.endToken(caller, issuedAt + GRACE_MILLIS)
        .map(ended -> Reply.ok(tokens.issue(caller.userId(), ttl.ttlMillis(), issuedAt).toJson()));
    });
  }
}
