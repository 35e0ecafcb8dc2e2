package io.lanyard.signin.oidc;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.lanyard.platform.config.ConfigException;
import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.platform.config.Secret;
import io.lanyard.platform.support.SecretCipher;
import io.lanyard.signin.tokens.SigningKeys;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The keys that sign ID and logout tokens, whatever signs the API's tokens (docs/decisions.md §13). With a key pair configured
 * ({@code jwt.signingKey}, ES256 or RS256) it is that pair, and {@code jwt.secondaryKey} is published beside it. Otherwise a
 * P-256 key (ES256) generated at the first start of a deployment and kept in {@code settings}, encrypted under
 * {@code LANYARD_JWT_SECRET_KEY} like the generated HS256 secret; instances starting together all read the one that won the
 * insert. {@code keys rotate} makes the kept key the previous one (still published, no longer signing) and a new one signs.
 */
public final class IdTokenKeys {

  static final String CURRENT = "oidc.signingKey";
  static final String PREVIOUS = "oidc.previousKey";
  private static final String KEY = ConfigLoader.JWT_SECRET_KEY_ENV;

  private static final String INSERT_IF_ABSENT = """
    INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING""";
  private static final String FIND = """
    SELECT name, value FROM settings WHERE name = $1 OR name = $2""";
  private static final String UPSERT = """
    INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value""";
  private static final String DELETE = """
    DELETE FROM settings WHERE name = $1""";

  private final JWK signing;
  private final JWSAlgorithm algorithm;
  private final JWSSigner signer;
  private final JWKSet published;

  private IdTokenKeys(JWK signing, List<JWK> others) {
    this.signing = signing;
    this.algorithm = signing instanceof ECKey ? JWSAlgorithm.ES256 : JWSAlgorithm.RS256;
    try {
      this.signer = signing instanceof ECKey ec ? new ECDSASigner(ec) : new RSASSASigner((RSAKey) signing);
    } catch (JOSEException e) {
      throw new IllegalStateException("an unusable signing key", e);
    }
    List<JWK> keys = new ArrayList<>();
    keys.add(signing.toPublicJWK());
    others.forEach(key -> keys.add(key.toPublicJWK()));
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
    return new IdTokenKeys(signing, all.subList(1, all.size()));
  }

  /** The kept key (generated now if the deployment has none) and the previous one, if a rotation left one. */
  public static Future<IdTokenKeys> kept(Pool pool, Optional<Secret> secretKey) {
    if (secretKey.isEmpty()) {
      return Future.failedFuture(new ConfigException("Invalid setting " + KEY + ": it is needed when http.publicUrl is set "
        + "and no key pair is configured, to encrypt the ID token signing key generated and kept in the database. Set " + KEY
        + " or " + KEY + "_FILE to 32 random bytes in base64 (openssl rand -base64 32), the same on every instance"));
    }
    SecretCipher cipher = SecretCipher.of(secretKey.get().reveal(), CURRENT);
    return pool.preparedQuery(INSERT_IF_ABSENT).execute(Tuple.of(CURRENT, cipher.seal(generate().toJSONString())))
      .compose(inserted -> load(pool, cipher));
  }

  /** Reads what is kept (after a rotation by another instance or the CLI). */
  static Future<IdTokenKeys> load(SqlClient client, SecretCipher cipher) {
    return client.preparedQuery(FIND).execute(Tuple.of(CURRENT, PREVIOUS)).compose(rows -> {
      String current = null;
      String previous = null;
      for (Row row : rows) {
        if (CURRENT.equals(row.getString("name"))) {
          current = row.getString("value");
        } else {
          previous = row.getString("value");
        }
      }
      Optional<String> opened = current == null ? Optional.empty() : cipher.open(current);
      if (opened.isEmpty()) {
        return Future.failedFuture(new ConfigException("Invalid setting " + KEY + ": it does not decrypt the ID token signing "
          + "key kept in the database (another key encrypted it); use that key"));
      }
      try {
        List<JWK> others = previous == null ? List.of() : List.of(JWK.parse(previous));
        return Future.succeededFuture(new IdTokenKeys(JWK.parse(opened.get()), others));
      } catch (ParseException e) {
        return Future.failedFuture(new IllegalStateException("the ID token keys kept in the database are not JWKs", e));
      }
    });
  }

  /**
   * A new kept key signs from now on; the one it replaces stays published (verifying only) until the next rotation. Instances
   * pick it up at their next start or when told ({@code keys rotate} announces it).
   */
  public static Future<IdTokenKeys> rotate(Pool pool, Secret secretKey) {
    SecretCipher cipher = SecretCipher.of(secretKey.reveal(), CURRENT);
    return pool.withTransaction(tx -> load(tx, cipher).compose(keys -> tx.preparedQuery(UPSERT)
        .execute(Tuple.of(PREVIOUS, keys.signing.toPublicJWK().toJSONString()))
        .compose(kept -> tx.preparedQuery(UPSERT).execute(Tuple.of(CURRENT, cipher.seal(generate().toJSONString()))))
        .compose(replaced -> load(tx, cipher))));
  }

  /** Stops publishing the previous key (once every token it signed has expired). */
  public static Future<Boolean> retirePrevious(Pool pool) {
    return pool.preparedQuery(DELETE).execute(Tuple.of(PREVIOUS)).map(rows -> rows.rowCount() > 0);
  }

  private static ECKey generate() {
    try {
      return new ECKeyGenerator(Curve.P_256).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.ES256)
        .keyIDFromThumbprint(true).generate();
    } catch (JOSEException e) {
      throw new IllegalStateException("every JRE generates P-256 keys", e);
    }
  }

  public JWSAlgorithm algorithm() {
    return algorithm;
  }

  public String signingKid() {
    return signing.getKeyID();
  }

  /** Every public key: the signing one first. */
  public JWKSet publicKeys() {
    return published;
  }

  /** A compact JWS of the claims, with {@code typ} when given (logout tokens are {@code logout+jwt}). */
  public String sign(JWTClaimsSet claims, Optional<JOSEObjectType> type) {
    JWSHeader.Builder header = new JWSHeader.Builder(algorithm).keyID(signing.getKeyID());
    type.ifPresent(header::type);
    SignedJWT jwt = new SignedJWT(header.build(), claims);
    try {
      jwt.sign(signer);
    } catch (JOSEException e) {
      throw new IllegalStateException("signing failed", e);
    }
    return jwt.serialize();
  }
}
