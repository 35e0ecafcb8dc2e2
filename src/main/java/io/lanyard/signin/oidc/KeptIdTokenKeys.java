package io.lanyard.signin.oidc;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import io.lanyard.model.applications.IdTokenAlgorithm;
import io.lanyard.platform.config.ConfigException;
import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.platform.config.Secret;
import io.lanyard.platform.support.SecretCipher;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.text.ParseException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The ID token keys a deployment generates when no key pair is configured (docs/decisions.md §13): an RSA 2048 key (RS256)
 * and a P-256 key (ES256), each made at the first start that finds it missing and kept in {@code settings}, encrypted under
 * {@code LANYARD_JWT_SECRET_KEY} like the generated HS256 secret; instances starting together all read the one that won the
 * insert. {@code keys rotate} makes a kept key the previous one (still published, no longer signing) and a new one signs;
 * {@code keys retire} stops publishing the previous one.
 */
public final class KeptIdTokenKeys {

  /** Where each algorithm's keys are kept: the signing key (encrypted) and the previous public key. */
  private enum Kept {
    RS256("oidc.rsaSigningKey", "oidc.rsaPreviousKey"),
    ES256("oidc.signingKey", "oidc.previousKey");

    final String current;
    final String previous;

    Kept(String current, String previous) {
      this.current = current;
      this.previous = previous;
    }

    static Kept of(IdTokenAlgorithm algorithm) {
      return valueOf(algorithm.name());
    }

    SecretCipher cipher(Secret secretKey) {
      return SecretCipher.of(secretKey.reveal(), current);
    }

    /** A new key: slow for RSA (a fraction of a second), so never on an event loop. */
    JWK generate() {
      try {
        return this == RS256
          ? new RSAKeyGenerator(RSAKeyGenerator.MIN_KEY_SIZE_BITS).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.RS256)
            .keyIDFromThumbprint(true).generate()
          : new ECKeyGenerator(Curve.P_256).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.ES256)
            .keyIDFromThumbprint(true).generate();
      } catch (JOSEException e) {
        throw new IllegalStateException("every JRE generates RSA 2048 and P-256 keys", e);
      }
    }
  }

  private static final String KEY = ConfigLoader.JWT_SECRET_KEY_ENV;
  private static final String FIND = """
    SELECT name, value FROM settings WHERE name = ANY($1)""";
  private static final String INSERT_IF_ABSENT = """
    INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING""";
  private static final String UPSERT = """
    INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value""";
  private static final String DELETE = """
    DELETE FROM settings WHERE name = $1""";

  private KeptIdTokenKeys() {
  }

  /** The kept keys, each generated now if the deployment has none yet (the RSA one too where only ES256 was kept before). */
  public static Future<IdTokenKeys> load(Vertx vertx, Pool pool, Optional<Secret> secretKey) {
    if (secretKey.isEmpty()) {
      return Future.failedFuture(new ConfigException("Invalid setting " + KEY + ": it is needed when http.publicUrl is set "
        + "and no key pair is configured, to encrypt the ID token signing keys generated and kept in the database. Set " + KEY
        + " or " + KEY + "_FILE to 32 random bytes in base64 (openssl rand -base64 32), the same on every instance"));
    }
    return read(pool).compose(stored -> {
      Future<Void> done = Future.succeededFuture();
      for (Kept kept : Kept.values()) {
        if (!stored.containsKey(kept.current)) {
          done = done.compose(previous -> vertx.executeBlocking(kept::generate, false))
            .compose(key -> pool.preparedQuery(INSERT_IF_ABSENT)
              .execute(Tuple.of(kept.current, kept.cipher(secretKey.get()).seal(key.toJSONString()))).mapEmpty());
        }
      }
      return done;
    }).compose(generated -> open(pool, secretKey.get()));
  }

  /**
   * A new key signs from now on for each algorithm named; the one it replaces stays published (verifying only) until retired.
   * Instances pick it up at their next start.
   */
  public static Future<IdTokenKeys> rotate(Vertx vertx, Pool pool, Secret secretKey, List<IdTokenAlgorithm> algorithms) {
    return pool.withTransaction(tx -> open(tx, secretKey).compose(keys -> {
      Future<Void> done = Future.succeededFuture();
      for (IdTokenAlgorithm algorithm : algorithms) {
        Kept kept = Kept.of(algorithm);
        JWK replaced = keys.signingKey(algorithm).orElseThrow().toPublicJWK();
        done = done.compose(previous -> tx.preparedQuery(UPSERT).execute(Tuple.of(kept.previous, replaced.toJSONString())))
          .compose(previous -> vertx.executeBlocking(kept::generate, false))
          .compose(key -> tx.preparedQuery(UPSERT).execute(Tuple.of(kept.current, kept.cipher(secretKey).seal(key.toJSONString()))))
          .mapEmpty();
      }
      return done.compose(rotated -> open(tx, secretKey));
    }));
  }

  /** Stops publishing the previous key of each algorithm named; how many were retired. */
  public static Future<Integer> retirePrevious(Pool pool, List<IdTokenAlgorithm> algorithms) {
    Future<Integer> retired = Future.succeededFuture(0);
    for (IdTokenAlgorithm algorithm : algorithms) {
      retired = retired.compose(count -> pool.preparedQuery(DELETE).execute(Tuple.of(Kept.of(algorithm).previous))
        .map(rows -> count + rows.rowCount()));
    }
    return retired;
  }

  private static Future<Map<String, String>> read(SqlClient client) {
    List<String> names = new ArrayList<>();
    for (Kept kept : Kept.values()) {
      names.add(kept.current);
      names.add(kept.previous);
    }
    return client.preparedQuery(FIND).execute(Tuple.of(names.toArray(String[]::new))).map(rows -> {
      Map<String, String> stored = new HashMap<>();
      for (Row row : rows) {
        stored.put(row.getString("name"), row.getString("value"));
      }
      return stored;
    });
  }

  private static Future<IdTokenKeys> open(SqlClient client, Secret secretKey) {
    return read(client).compose(stored -> {
      Map<IdTokenAlgorithm, IdTokenKeys.Held> held = new EnumMap<>(IdTokenAlgorithm.class);
      for (Kept kept : Kept.values()) {
        if (!stored.containsKey(kept.current)) {
          return Future.failedFuture(new ConfigException("No " + kept.name() + " ID token signing key is kept in the database "
            + "yet: start the service once with http.publicUrl set, and it generates one"));
        }
        Optional<String> opened = kept.cipher(secretKey).open(stored.get(kept.current));
        if (opened.isEmpty()) {
          return Future.failedFuture(new ConfigException("Invalid setting " + KEY + ": it does not decrypt the ID token "
            + "signing key kept in the database (another key encrypted it); use that key"));
        }
        try {
          Optional<JWK> previous = stored.containsKey(kept.previous)
            ? Optional.of(JWK.parse(stored.get(kept.previous))) : Optional.empty();
          held.put(IdTokenAlgorithm.valueOf(kept.name()), new IdTokenKeys.Held(JWK.parse(opened.get()), previous));
        } catch (ParseException e) {
          return Future.failedFuture(new IllegalStateException("the ID token keys kept in the database are not JWKs", e));
        }
      }
      return Future.succeededFuture(new IdTokenKeys(held));
    });
  }
}
