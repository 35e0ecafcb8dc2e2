package io.lanyard.auth;

import io.lanyard.config.Secret;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * The JWT signing secret: the configured one, else one generated on the first start of a deployment and kept in the database,
 * so every instance on that database signs and verifies with the same key and restarts keep tokens valid.
 */
public final class JwtSecrets {

  private static final String SETTING = "jwt.secret";

  // Insert-if-absent then read: when two instances start together, both read the one that won.
  private static final String INSERT_IF_ABSENT = """
    INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING""";
  private static final String FIND = """
    SELECT value FROM settings WHERE name = $1""";

  private JwtSecrets() {
  }

  public static Future<String> resolve(Pool pool, Optional<Secret> configured) {
    if (configured.isPresent()) {
      return Future.succeededFuture(configured.get().reveal());
    }
    return pool.preparedQuery(INSERT_IF_ABSENT).execute(Tuple.of(SETTING, generate()))
      .compose(inserted -> pool.preparedQuery(FIND).execute(Tuple.of(SETTING)))
      .map(rows -> rows.iterator().next().getString("value"));
  }

  /** 64 random bytes, base64url: the key material is the text, 86 bytes long. */
  private static String generate() {
    byte[] bytes = new byte[64];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
