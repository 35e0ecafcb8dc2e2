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

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * A secret a deployment generates once and keeps in the {@code settings} table, so every instance on that database uses the
 * same one and restarts keep it: the JWT secret when none is configured, the key of the hosted pages' form tokens. Encrypted
 * with the secret key ({@code LANYARD_JWT_SECRET_KEY}) when one is configured; a value an earlier version (or a deployment
 * without that key) kept in clear is encrypted in place once a key appears.
 */
public final class KeptSecrets {

  private static final Logger log = LoggerFactory.getLogger(KeptSecrets.class);
  private static final String KEY = ConfigLoader.JWT_SECRET_KEY_ENV;

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
   * The secret kept under {@code name}, generated now if the deployment has none yet.
   *
   * @param description what the secret is, for the messages ("the JWT secret")
   * @param consequence what deleting its row would cost, for the message of a key that does not decrypt it
   */
  public static Future<String> resolve(Pool pool, String name, Optional<Secret> key, String description, String consequence) {
    Optional<SecretCipher> cipher = key.map(secret -> SecretCipher.of(secret.reveal(), name));
    String fresh = generate();
    return pool.preparedQuery(INSERT_IF_ABSENT).execute(Tuple.of(name, cipher.map(c -> c.seal(fresh)).orElse(fresh)))
      .compose(inserted -> pool.preparedQuery(FIND).execute(Tuple.of(name)))
      .map(rows -> rows.iterator().next().getString("value"))
      .compose(stored -> {
        if (!SecretCipher.isSealed(stored)) {
          return cipher.isEmpty() ? Future.succeededFuture(stored) : sealInPlace(pool, name, cipher.get(), stored, description);
        }
        return cipher.flatMap(c -> c.open(stored)).map(Future::succeededFuture).orElseGet(() -> Future.failedFuture(
          new ConfigException("Invalid setting " + KEY + ": it does not decrypt " + description + " kept in the database "
            + "(another key, or none, is configured); use the key that encrypted it, or delete the settings row '" + name
            + "' to generate a new one" + consequence)));
      });
  }

  private static Future<String> sealInPlace(Pool pool, String name, SecretCipher cipher, String plain, String description) {
    return pool.preparedQuery(SEAL_IN_PLACE).execute(Tuple.of(name, plain, cipher.seal(plain))).map(updated -> {
      if (updated.rowCount() > 0) {
        log.info("{} kept in the database is now encrypted with {} (older backups still hold it in clear)", description, KEY);
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
