package io.lanyard.signin.oidc;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.lanyard.model.applications.IdTokenAlgorithm;
import io.lanyard.platform.support.FastEcdsa;
import io.vertx.core.json.JsonObject;

import java.text.ParseException;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * ID tokens (OpenID Connect Core §2): {@code iss}, {@code sub} (the account id), {@code aud} and {@code azp} (the client),
 * {@code exp}, {@code iat}, {@code auth_time}, {@code nonce} when the request had one, {@code sid}, and the claims of the
 * scopes granted. Signed by the provider's key of the algorithm the client registered ({@link IdTokenKeys}); read back when a
 * client sends one as a hint.
 */
final class IdTokens {

  private final String issuer;
  private final IdTokenKeys keys;
  private final long lifetimeMillis;

  IdTokens(String issuer, IdTokenKeys keys, long lifetimeMillis) {
    this.issuer = issuer;
    this.keys = keys;
    this.lifetimeMillis = lifetimeMillis;
  }

  /** What one ID token says, beside the account's claims. */
  record Subject(String userId, String clientId, IdTokenAlgorithm algorithm, long authTime, Optional<String> nonce,
                 String sid) {
  }

  String issue(Subject subject, JsonObject accountClaims) {
    long now = System.currentTimeMillis();
    JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
      .issuer(issuer)
      .subject(subject.userId())
      .audience(subject.clientId())
      .claim("azp", subject.clientId())
      .issueTime(new Date(now / 1000 * 1000))
      .expirationTime(new Date((now + lifetimeMillis) / 1000 * 1000))
      .claim("auth_time", subject.authTime() / 1000)
      .claim("sid", subject.sid());
    subject.nonce().ifPresent(nonce -> claims.claim("nonce", nonce));
    for (Map.Entry<String, Object> claim : accountClaims) {
      claims.claim(claim.getKey(), claim.getValue());
    }
    return keys.sign(subject.algorithm(), claims.build(), Optional.empty());
  }

  /**
   * The claims of an ID token this provider signed, expired or not (a hint may be old: OpenID Connect RP-Initiated Logout
   * §2); empty for anything else.
   */
  Optional<JWTClaimsSet> read(String idToken) {
    try {
      SignedJWT jwt = SignedJWT.parse(idToken);
      if (!keys.algorithms().contains(jwt.getHeader().getAlgorithm())) {
        return Optional.empty();
      }
      List<JWK> candidates = keys.publicKeys().getKeys();
      for (JWK key : candidates) {
        boolean named = jwt.getHeader().getKeyID() == null || jwt.getHeader().getKeyID().equals(key.getKeyID());
        if (!named || !jwt.getHeader().getAlgorithm().equals(key.getAlgorithm())) {
          continue;
        }
        boolean valid = key instanceof ECKey ec ? jwt.verify(ecdsaVerifier(ec)) : jwt.verify(new RSASSAVerifier((RSAKey) key));
        if (valid && issuer.equals(jwt.getJWTClaimsSet().getIssuer())) {
          return Optional.of(jwt.getJWTClaimsSet());
        }
      }
      return Optional.empty();
    } catch (ParseException | JOSEException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static ECDSAVerifier ecdsaVerifier(ECKey key) throws JOSEException {
    ECDSAVerifier verifier = new ECDSAVerifier(key);
    verifier.getJCAContext().setProvider(FastEcdsa.provider());
    return verifier;
  }
}
