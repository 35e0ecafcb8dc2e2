package io.lanyard.signin;

import io.lanyard.model.passkeys.RelyingParty;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.db.ReadBatches;
import io.lanyard.services.ServiceParts;
import io.lanyard.services.throttling.TokenBuckets;
import io.lanyard.signin.passkeys.Passkeys;
import io.lanyard.signin.tokens.Authenticator;
import io.lanyard.signin.tokens.Expiry;
import io.lanyard.signin.tokens.TokenService;
import io.vertx.sqlclient.Pool;

import java.util.Optional;

/**
 * The sign-in wing's operations on the API: login, token checks, refresh, logout and the caller's own account. Logins and the
 * caller's routes use the logins' pool, a class of work of their own.
 *
 * @param passkeys present when the service has a public address ({@code http.publicUrl}) to be a relying party for
 */
public record SigninOperations(Login login, CheckToken checkToken, Logout logout, RefreshToken refreshToken,
                               GetCurrentUser getCurrentUser, Optional<Passkeys> passkeys) {

  public static SigninOperations build(ServiceParts parts, TokenService tokens, Authenticator authenticator) {
    LanyardConfig.Jwt jwt = parts.config().jwt();
    Expiry expiry = new Expiry(jwt.defaultTtlMillis(), jwt.maxTtlMillis());
    Pool logins = parts.pools().logins();
    Optional<Passkeys> passkeys = RelyingParty.of(parts.config().http().publicUrl())
      .map(party -> Passkeys.build(parts, party, tokens, expiry));
    return new SigninOperations(
      new Login(logins, parts.users(), parts.attempts(), parts.hasher(), tokens, parts.sessions(), expiry, parts.audit(),
        parts.markers(), passkeys.map(Passkeys::signIn)),
      new CheckToken(authenticator),
      new Logout(parts.sessions()),
      new RefreshToken(tokens, parts.sessions(), expiry,
        parts.config().security().refreshRate().map(TokenBuckets::perUser)),
      new GetCurrentUser(new ReadBatches<>(parts.pools().reads()::client, parts.accounts()::findAllById)),
      passkeys);
  }
}
