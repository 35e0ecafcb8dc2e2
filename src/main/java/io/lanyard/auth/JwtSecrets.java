package io.lanyard.auth;

import io.lanyard.config.Secret;
import io.lanyard.db.KeptSecrets;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.util.Optional;

/**
 * The JWT signing secret: the configured one, else one generated on the first start of a deployment and kept in the database,
 * so every instance on that database signs and verifies with the same key and restarts keep tokens valid.
 */
public final class JwtSecrets {

  private static final String SETTING = "jwt.secret";

  private JwtSecrets() {
  }

  public static Future<String> resolve(Pool pool, Optional<Secret> configured) {
    if (configured.isPresent()) {
      return Future.succeededFuture(configured.get().reveal());
    }
    return KeptSecrets.resolve(pool, SETTING);
  }
}
