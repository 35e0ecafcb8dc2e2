package io.lanyard.signin.oidc;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.lanyard.model.applications.IdTokenAlgorithm;
import io.lanyard.platform.support.FastEcdsa;
import io.lanyard.signin.tokens.SigningKeys;

import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The keys that sign ID and logout tokens, whatever signs the API's tokens (docs/decisions.md §13): an RS256 and an ES256 key
 * the deployment generated ({@link KeptIdTokenKeys}), each client's tokens signed with the algorithm it registered. With a
 * key pair configured ({@code jwt.signingKey}) it is that pair alone, whatever the clients registered, and
 * {@code jwt.secondaryKey} is published beside it.
 */
public final class IdTokenKeys {

  /** One algorithm's keys: the private one that signs, and the one a rotation left, published until retired. */
  record Held(JWK signing, Optional<JWK> previous) {
  }

  private record Signer(JWK key, JWSAlgorithm algorithm, JWSSigner signer) {
  }

  private final Map<IdTokenAlgorithm, Signer> signers = new EnumMap<>(IdTokenAlgorithm.class);
  private final JWKSet published;

  IdTokenKeys(Map<IdTokenAlgorithm, Held> held) {
    List<JWK> keys = new ArrayList<>();
    held.forEach((algorithm, keysOfOne) -> {
      signers.put(algorithm, signer(keysOfOne.signing()));
      keys.add(keysOfOne.signing().toPublicJWK());
    });
    held.values().forEach(keysOfOne -> keysOfOne.previous().ifPresent(previous -> keys.add(previous.toPublicJWK())));
    this.published = new JWKSet(keys);
  }

  /** The configured key pair and its secondary key, under the ids the API tokens' JWKS gives them. */
  public static IdTokenKeys configured(SigningKeys keys) {
    List<JWK> all = new ArrayList<>();
    for (SigningKeys.VerifyingKey key : keys.verifying()) {
      all.add(key.publicKey() instanceof ECPublicKey ec
        ? new ECKey.Builder(Curve.P_256, ec).keyID(key.kid()).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.ES256).build()
        : new RSAKey.Builder((RSAPublicKey) key.publicKey()).keyID(key.kid()).keyUse(KeyUse.SIGNATURE)
          .algorithm(JWSAlgorithm.RS256).build());
    }
    JWK first = all.get(0);
    JWK signing = first instanceof ECKey ec ? new ECKey.Builder(ec).privateKey(keys.signingPrivateKey()).build()
      : new RSAKey.Builder((RSAKey) first).privateKey(keys.signingPrivateKey()).build();
    Optional<JWK> secondary = all.size() > 1 ? Optional.of(all.get(1)) : Optional.empty();
    IdTokenAlgorithm algorithm = signing instanceof ECKey ? IdTokenAlgorithm.ES256 : IdTokenAlgorithm.RS256;
    return new IdTokenKeys(Map.of(algorithm, new Held(signing, secondary)));
  }

  private static Signer signer(JWK key) {
    try {
      if (key instanceof ECKey ec) {
        ECDSASigner signer = new ECDSASigner(ec);
        signer.getJCAContext().setProvider(FastEcdsa.provider());
        return new Signer(key, JWSAlgorithm.ES256, signer);
      }
      return new Signer(key, JWSAlgorithm.RS256, new RSASSASigner((RSAKey) key));
    } catch (JOSEException e) {
      throw new IllegalStateException("an unusable signing key", e);
    }
  }

  /** What the provider signs with, RS256 first (the discovery document's list). */
  public List<JWSAlgorithm> algorithms() {
    return signers.values().stream().map(Signer::algorithm).toList();
  }

  /** The algorithm a client's tokens get: the one it registered when held, else the one key pair configured. */
  JWSAlgorithm algorithmFor(IdTokenAlgorithm registered) {
    return signerFor(registered).algorithm();
  }

  public Optional<String> signingKid(IdTokenAlgorithm algorithm) {
    return Optional.ofNullable(signers.get(algorithm)).map(signer -> signer.key().getKeyID());
  }

  Optional<JWK> signingKey(IdTokenAlgorithm algorithm) {
    return Optional.ofNullable(signers.get(algorithm)).map(Signer::key);
  }

  /** Every public key: the signing ones first, then those a rotation left. */
  public JWKSet publicKeys() {
    return published;
  }

  /** A compact JWS of the claims for a client, with {@code typ} when given (logout tokens are {@code logout+jwt}). */
  String sign(IdTokenAlgorithm registered, JWTClaimsSet claims, Optional<JOSEObjectType> type) {
    Signer signer = signerFor(registered);
    JWSHeader.Builder header = new JWSHeader.Builder(signer.algorithm()).keyID(signer.key().getKeyID());
    type.ifPresent(header::type);
    SignedJWT jwt = new SignedJWT(header.build(), claims);
    try {
      jwt.sign(signer.signer());
    } catch (JOSEException e) {
      throw new IllegalStateException("signing failed", e);
    }
    return jwt.serialize();
  }

  private Signer signerFor(IdTokenAlgorithm registered) {
    Signer signer = signers.get(registered);
    return signer != null ? signer : signers.values().iterator().next();
  }
}
