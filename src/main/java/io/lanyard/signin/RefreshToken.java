package io.lanyard.signin;

import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Caller;
import io.lanyard.model.api.Reply;
import io.lanyard.model.api.TooManyRequests;
import io.lanyard.services.session.Sessions;
import io.lanyard.services.throttling.TokenBuckets;
import io.lanyard.signin.tokens.Expiry;
import io.lanyard.signin.tokens.TokenService;
import io.vertx.core.Future;

import java.time.Duration;
import java.util.Optional;

/**
 * POST /_refreshToken[?expiresIn=]: a new login result for the caller | 400 bad expiresIn | 429 over the user's refresh rate
 * ({@code security.refreshRate}), before anything is written | 401 Invalid token when the account is no longer active, or the
 * token was already refreshed (a token mints one successor; see docs/security.md, "Sessions and tokens"). The old token keeps working for
 * {@link #GRACE_MILLIS} (requests already sent with it still pass), then is refused on every instance.
 */
public final class RefreshToken {

  public static final long GRACE_MILLIS = 1000;

  private final TokenService tokens;
  private final Sessions sessions;
  private final Expiry expiry;
  private final Optional<TokenBuckets> refreshesPerUser;

  /** @param refreshesPerUser this instance's buckets of refreshes, by user id; empty when the rate is off */
  public RefreshToken(TokenService tokens, Sessions sessions, Expiry expiry, Optional<TokenBuckets> refreshesPerUser) {
    this.tokens = tokens;
    this.sessions = sessions;
    this.expiry = expiry;
    this.refreshesPerUser = refreshesPerUser;
  }

  public Future<Reply> handle(RefreshTokenRequest request) {
    Expiry.Parsed ttl = expiry.parse(request.expiresIn());
    if (ttl.error() != null) {
      return Future.succeededFuture(Reply.error(ttl.error()));
    }
    Caller caller = request.caller();
    Optional<Duration> wait = refreshesPerUser.flatMap(buckets -> buckets.take(caller.userId()));
    if (wait.isPresent()) {
      return Future.succeededFuture(TooManyRequests.of(TooManyRequests.Reason.REFRESH_RATE, wait.get()).reply());
    }
    return sessions.refresh(caller, ttl.ttlMillis(), GRACE_MILLIS).map(session -> session
      .map(opened -> Reply.ok(tokens.issue(caller.userId(), ttl.ttlMillis(), opened).toJson()))
      .orElseGet(() -> Reply.error(ApiError.revokedToken())));
  }
}
