package io.lanyard.db;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * Secrets a deployment generates once and keeps in the {@code settings} table, so every instance on that database uses the
 * same one and restarts keep it: the JWT secret when none is configured, the key of the hosted pages' form tokens.
 */
public final class KeptSecrets {

  // Insert-if-absent then read: when two instances start together, both read the one that won.
  private static final String INSERT_IF_ABSENT = """
    INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING""";
  private static final String FIND = """
    SELECT value FROM settings WHERE name = $1""";

  private KeptSecrets() {
  }

  /** The secret kept under {@code name}, generated now if the deployment has none yet. */
  public static Future<String> resolve(Pool pool, String name) {
    return pool.preparedQuery(INSERT_IF_ABSENT).execute(Tuple.of(name, generate()))
      .compose(inserted -> pool.preparedQuery(FIND).execute(Tuple.of(name)))
      .map(rows -> rows.iterator().next().getString("value"));
  }

  /** 64 random bytes, base64url: the key material is the text, 86 bytes long. */
  private static String generate() {
    byte[] bytes = new byte[64];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
