package io.lanyard.signin.tokens;

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
 * The JWT signing secret: the configured one, else one generated on the first start of a deployment and kept in the database,
 * so every instance on that database signs and verifies with the same key and restarts keep tokens valid. The kept secret is
 * encrypted with {@code LANYARD_JWT_SECRET_KEY}, which lives outside the database: a dump or a stolen backup holds no key to
 * forge tokens with. A secret kept in clear by an earlier version is encrypted in place at the first start with a key.
 */
public final class JwtSecrets {

  private static final Logger log = LoggerFactory.getLogger(JwtSecrets.class);
  private static final String SETTING = "jwt.secret";
  private static final String KEY = ConfigLoader.JWT_SECRET_KEY_ENV;

  // Insert-if-absent then read: when two instances start together, both read the one that won.
  private static final String INSERT_IF_ABSENT = """
    INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING""";
  private static final String FIND = """
    SELECT value FROM settings WHERE name = $1""";
  // Compare-and-set, so two instances upgrading together write one ciphertext of the same secret.
  private static final String SEAL_IN_PLACE = """
    UPDATE settings SET value = $3 WHERE name = $1 AND value = $2""";

  private JwtSecrets() {
  }

  /**
   * @param key the key of the kept secret; without it a generated secret cannot be used, and start-up stops saying so
   */
  public static Future<String> resolve(Pool pool, Optional<Secret> configured, Optional<Secret> key) {
    if (configured.isPresent()) {
      return Future.succeededFuture(configured.get().reveal());
    }
    if (key.isEmpty()) {
      return Future.failedFuture(new ConfigException("Invalid setting " + KEY + ": it is needed when " + ConfigLoader.JWT_SECRET_ENV
        + " is unset, to encrypt the JWT secret generated and kept in the database (a secret kept in clear by an earlier "
        + "version is encrypted at the next start). Set " + KEY + " or " + KEY + "_FILE to 32 random bytes in base64 "
        + "(openssl rand -base64 32), the same on every instance, or set " + ConfigLoader.JWT_SECRET_ENV));
    }
    SecretCipher cipher = SecretCipher.of(key.get().reveal(), SETTING);
    return pool.preparedQuery(INSERT_IF_ABSENT).execute(Tuple.of(SETTING, cipher.seal(generate())))
      .compose(inserted -> pool.preparedQuery(FIND).execute(Tuple.of(SETTING)))
      .map(rows -> rows.iterator().next().getString("value"))
      .compose(stored -> SecretCipher.isSealed(stored) ? open(cipher, stored) : sealInPlace(pool, cipher, stored));
  }

  private static Future<String> open(SecretCipher cipher, String stored) {
    return cipher.open(stored).map(Future::succeededFuture).orElseGet(() -> Future.failedFuture(new ConfigException(
      "Invalid setting " + KEY + ": it does not decrypt the JWT secret kept in the database (another key encrypted it); "
        + "use that key, or delete the settings row 'jwt.secret' to generate a new secret (every issued token then stops "
        + "working)")));
  }

  private static Future<String> sealInPlace(Pool pool, SecretCipher cipher, String plain) {
    return pool.preparedQuery(SEAL_IN_PLACE).execute(Tuple.of(SETTING, plain, cipher.seal(plain)))
      .map(updated -> {
        if (updated.rowCount() > 0) {
          log.info("The JWT secret kept in the database is now encrypted with {} (older backups still hold it in clear)", KEY);
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
