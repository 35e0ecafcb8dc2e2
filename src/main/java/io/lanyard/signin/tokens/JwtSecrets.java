package io.lanyard.signin.tokens;

import io.lanyard.platform.config.ConfigException;
import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.platform.config.Secret;
import io.lanyard.platform.db.KeptSecrets;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.util.List;
import java.util.Optional;

/**
 * The JWT signing secret: the configured one, else one generated on the first start of a deployment and kept in the database,
 * so every instance on that database signs and verifies with the same key and restarts keep tokens valid. The kept secret is
 * encrypted with {@code LANYARD_JWT_SECRET_KEY}, which lives outside the database: a dump or a stolen backup holds no key to
 * forge tokens with. A secret kept in clear by an earlier version is encrypted in place at the first start with a key.
 */
public final class JwtSecrets {

  private static final String SETTING = "jwt.secret";
  private static final String KEY = ConfigLoader.JWT_SECRET_KEY_ENV;

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
    return KeptSecrets.resolve(pool, SETTING, List.of(key.get()), "the JWT secret", " (every issued token then stops working)");
  }
}
