package io.lanyard.signin.oidc;

import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.support.SecretTokens;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Opens, reads and ends single sign-on sessions. The browser holds the session's token (32 random bytes, base64url) in one
 * cookie; the database holds its SHA-256, so neither a dump nor the lookup reveals it, and every instance reads the same row.
 */
public final class SsoSessions {

  private static final Pattern TOKEN_SHAPE = Pattern.compile("[A-Za-z0-9_-]{43}");

  /** A session just opened, and the token for the browser's cookie. */
  public record Opened(SsoSession session, String token) {
  }

  private final Pool pool;
  private final SsoSessionRepository sessions = new SsoSessionRepository();
  private final LanyardConfig.Oidc settings;

  SsoSessions(Pool pool, LanyardConfig.Oidc settings) {
    this.pool = pool;
    this.settings = settings;
  }

  /** A new session for an account whose password was just verified; empty when the account is no longer active. */
  Future<Optional<Opened>> open(String userId) {
    String token = SecretTokens.generate();
    long now = System.currentTimeMillis();
    SsoSession session = new SsoSession(UUID.randomUUID().toString(), userId, now);
    return sessions.insert(pool, SecretTokens.sha256(token), session, now + settings.sessionMax().toMillis())
      .map(written -> written.map(opened -> new Opened(opened, token)));
  }

  /** The live session the cookie names; empty for no cookie, a mangled one, or a session that has ended. */
  public Future<Optional<SsoSession>> find(Optional<String> cookie) {
    if (cookie.isEmpty() || !TOKEN_SHAPE.matcher(cookie.get()).matches()) {
      return Future.succeededFuture(Optional.empty());
    }
    return sessions.findValid(pool, SecretTokens.sha256(cookie.get()), settings.sessionIdle().toMillis());
  }

  /** Ends the session the cookie names; the one it ended, if it was live. */
  Future<Optional<SsoSession>> end(Optional<String> cookie) {
    if (cookie.isEmpty() || !TOKEN_SHAPE.matcher(cookie.get()).matches()) {
      return Future.succeededFuture(Optional.empty());
    }
    return sessions.end(pool, SecretTokens.sha256(cookie.get()));
  }

  Future<Optional<SsoSession>> endBySid(String sid) {
    return sessions.endBySid(pool, sid);
  }

  Future<Integer> deleteOld() {
    return sessions.deleteOld(pool);
  }
}
