package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.util.URLUtils;
import io.lanyard.platform.support.SecretTokens;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The way back into a sign-in for someone who created their account from a client's login page (docs/oidc.md). Asking for
 * the account keeps the authorization request server-side under a random reference that the mailed link carries; following
 * the link and choosing a password opens the SSO session and continues that request, whatever tab or window the link
 * opens in. A reference is good only with the activation link of the address it was asked for (the account's), once, and
 * continues the request only for {@code oidc.signupReturnTtl}: past that the account is active all the same and the page
 * leads back to the app, which starts a new request (signed in by then).
 */
public final class SignupReturns {

  private static final Pattern REFERENCE_SHAPE = Pattern.compile("[A-Za-z0-9_-]{43}");

  /** Unknown (or another account's, or mangled), no longer continuable, or live. */
  public enum State { UNKNOWN, EXPIRED, LIVE }

  /** @param parameters the authorization request's, unless {@code UNKNOWN} */
  public record Pending(State state, Optional<Map<String, List<String>>> parameters) {

    static Pending unknown() {
      return new Pending(State.UNKNOWN, Optional.empty());
    }

    private static Pending of(SignupRepository.Stored stored) {
      State state = stored.used() || stored.expired() ? State.EXPIRED : State.LIVE;
      return new Pending(state, Optional.of(URLUtils.parseParameters(stored.parameters())));
    }
  }

  private final Pool pool;
  private final SsoSessions sessions;
  private final Duration ttl;
  private final SignupRepository signups = new SignupRepository();

  SignupReturns(Pool pool, SsoSessions sessions, Duration ttl) {
    this.pool = pool;
    this.sessions = sessions;
    this.ttl = ttl;
  }

  /**
   * Keeps the request for the account asked for at {@code email} (normalised); the reference for the mailed link. Written
   * whether or not the address has an account, so the request's work says nothing about it.
   */
  public Future<String> remember(Authorization authorization, String email) {
    String reference = SecretTokens.generate();
    return signups.insert(pool, SecretTokens.sha256(reference), email, authorization.client().clientId(),
        URLUtils.serializeParameters(authorization.parameters()), System.currentTimeMillis() + ttl.toMillis())
      .map(reference);
  }

  /** What the reference is for that account, before anything is done with it. */
  public Future<Pending> check(String reference, String userId) {
    if (!isWellFormed(reference)) {
      return Future.succeededFuture(Pending.unknown());
    }
    return signups.find(pool, SecretTokens.sha256(reference), userId).map(found -> found.map(Pending::of)
      .orElseGet(Pending::unknown));
  }

  /** The reference used up for that account: {@code LIVE} for the one continuation it allows, {@code EXPIRED} after. */
  public Future<Pending> use(String reference, String userId) {
    if (!isWellFormed(reference)) {
      return Future.succeededFuture(Pending.unknown());
    }
    return signups.use(pool, SecretTokens.sha256(reference), userId).map(found -> found.map(Pending::of)
      .orElseGet(Pending::unknown));
  }

  /** The SSO session of an account just activated: choosing the password by the mailed link was the sign-in. */
  public Future<Optional<SsoSessions.Opened>> signIn(String userId) {
    return sessions.open(userId);
  }

  public static boolean isWellFormed(String reference) {
    return reference != null && REFERENCE_SHAPE.matcher(reference).matches();
  }

  Future<Integer> deleteOld(Pool background, Duration linkLifetime) {
    return signups.deleteOld(background, linkLifetime);
  }
}
