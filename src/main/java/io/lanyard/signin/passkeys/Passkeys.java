package io.lanyard.signin.passkeys;

import io.lanyard.model.passkeys.PasskeyChallenges;
import io.lanyard.model.passkeys.PasskeyRepository;
import io.lanyard.model.passkeys.RelyingParty;
import io.lanyard.services.ServiceParts;
import io.lanyard.signin.tokens.Expiry;
import io.lanyard.signin.tokens.TokenService;
import io.vertx.sqlclient.Pool;

/** The passkey operations, present when the service has a public address to be a relying party for. */
public record Passkeys(RegisterPasskey register, MyPasskeys mine, PasskeySignIn signIn) {

  /** Passkey ceremonies for {@code party}, their challenges kept where every instance finds them. */
  public static Passkeys build(ServiceParts parts, RelyingParty party, TokenService tokens, Expiry expiry) {
    PasskeyRepository passkeys = new PasskeyRepository();
    PasskeyChallenges challenges = new PasskeyChallenges();
    Pool requests = parts.pools().requests();
    return new Passkeys(
      new RegisterPasskey(requests, parts.accounts(), passkeys, challenges, party, parts.audit()),
      new MyPasskeys(requests, passkeys, parts.audit()),
      new PasskeySignIn(parts.pools().logins(), passkeys, challenges, party, parts.sessions(), tokens, expiry,
        parts.audit()));
  }
}
