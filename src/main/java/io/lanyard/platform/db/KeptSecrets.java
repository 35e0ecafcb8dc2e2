package io.lanyard.platform.db;

import io.lanyard.platform.config.ConfigException;
import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.platform.config.Secret;
import io.lanyard.platform.support.SecretCipher;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A secret a deployment generates once and keeps in the {@code settings} table, so every instance on that database uses the
 * same one and restarts keep it: the JWT secret when none is configured, the key of the hosted pages' form tokens. Always
 * encrypted there, with the deployment's key (AES-256-GCM): never written, nor used, in clear. A value an earlier version
 * kept in clear is encrypted in place at the first start; one sealed with a key the deployment used before (a derived key,
 * before {@code LANYARD_JWT_SECRET_KEY} was set) is sealed again with the current one.
 */
public final class KeptSecrets {

  private static final Logger log = LoggerFactory.getLogger(KeptSecrets.class);
  private static final String KEY = ConfigLoader.JWT_SECRET_KEY_ENV;
  /** What a key derived from {@code LANYARD_JWT_SECRET} is for: it opens nothing else. */
  private static final byte[] DERIVED_KEY_LABEL = "lanyard kept secrets v1".getBytes(StandardCharsets.UTF_8);

  // Insert-if-absent then read: when two instances start together, both read the one that won.
  private static final String INSERT_IF_ABSENT = """
    INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING""";
  private static final String FIND = """
    SELECT value FROM settings WHERE name = $1""";
  // Compare-and-set, so two instances sealing together write one ciphertext of the same secret.
  private static final String SEAL_IN_PLACE = """
    UPDATE settings SET value = $3 WHERE name = $1 AND value = $2""";

  private KeptSecrets() {
  }

  /**
   * A key to seal kept secrets with when {@code LANYARD_JWT_SECRET_KEY} is unset but {@code LANYARD_JWT_SECRET} is set:
   * HMAC-SHA256 of a fixed label under the JWT secret, so only whoever holds the JWT secret opens them, and nothing of the
   * JWT secret can be learnt from it.
   */
  public static Secret derivedFrom(Secret jwtSecret) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(jwtSecret.reveal().getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return new Secret(Base64.getEncoder().encodeToString(mac.doFinal(DERIVED_KEY_LABEL)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }

  /**
   * The secret kept under {@code name}, generated now if the deployment has none yet.
   *
   * @param keys the deployment's keys, the one to seal with first; any may open the kept value (which is then sealed again
   *             with the first). Empty: start-up stops, naming {@code missingKey}
   * @param description what the secret is, for the messages ("the JWT secret")
   * @param consequence what deleting its row would cost, for the message of a key that does not decrypt it
   */
  public static Future<String> resolve(Pool pool, String name, List<Secret> keys, String description, String consequence) {
    if (keys.isEmpty()) {
      return Future.failedFuture(new ConfigException("Invalid setting " + KEY + ": it is needed to encrypt " + description
        + " kept in the database, which is never kept in clear. Set " + KEY + " or " + KEY + "_FILE to 32 random bytes in "
        + "base64 (openssl rand -base64 32), the same on every instance, or set " + ConfigLoader.JWT_SECRET_ENV));
    }
    List<SecretCipher> ciphers = keys.stream().map(key -> SecretCipher.of(key.reveal(), name)).toList();
    SecretCipher sealing = ciphers.get(0);
    String fresh = generate();
    return pool.preparedQuery(INSERT_IF_ABSENT).execute(Tuple.of(name, sealing.seal(fresh)))
      .compose(inserted -> pool.preparedQuery(FIND).execute(Tuple.of(name)))
      .map(rows -> rows.iterator().next().getString("value"))
      .compose(stored -> {
        if (!SecretCipher.isSealed(stored)) {
          return sealInPlace(pool, name, sealing, stored, stored, description);
        }
        Optional<String> bySealing = sealing.open(stored);
        if (bySealing.isPresent()) {
          return Future.succeededFuture(bySealing.get());
        }
        return ciphers.stream().skip(1).map(cipher -> cipher.open(stored)).flatMap(Optional::stream).findFirst()
          .map(plain -> sealInPlace(pool, name, sealing, stored, plain, description))
          .orElseGet(() -> Future.failedFuture(new ConfigException("Invalid setting " + KEY + ": it does not decrypt "
            + description + " kept in the database (another key, or none, is configured); use the key that encrypted it, "
            + "or delete the settings row '" + name + "' to generate a new one" + consequence)));
      });
  }

  private static Future<String> sealInPlace(Pool pool, String name, SecretCipher cipher, String stored, String plain,
                                            String description) {
    return pool.preparedQuery(SEAL_IN_PLACE).execute(Tuple.of(name, stored, cipher.seal(plain))).map(updated -> {
      if (updated.rowCount() > 0) {
        log.info("{} kept in the database is now encrypted with the deployment's current key (older backups still hold it "
          + "as it was)", description);
      }
      return plain;
    });
  }

  /** 64 random bytes, base64url: the key material is the text, 86 bytes long. */
  private static String generate() {
    byte[] bytes = new byte[64];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
