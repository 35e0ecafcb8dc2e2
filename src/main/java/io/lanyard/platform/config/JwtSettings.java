package io.lanyard.platform.config;

import io.lanyard.platform.support.SecretCipher;

import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The {@code jwt} settings and the key material that goes with the algorithm: an HMAC secret for HS256, a key pair (and
 * optionally a second key, for rotation) for ES256 and RS256. Mixing the two is refused, so a half-done switch fails at start.
 */
final class JwtSettings {

  static final String SECRET_ENV = "LANYARD_JWT_SECRET";
  static final String PRIVATE_KEY_ENV = "LANYARD_JWT_PRIVATE_KEY";
  static final String SECONDARY_KEY_ENV = "LANYARD_JWT_SECONDARY_KEY";
  /** The key that encrypts the generated HS256 secret kept in the database. */
  public static final String SECRET_KEY_ENV = "LANYARD_JWT_SECRET_KEY";
  static final String HMAC = "HS256";

  private JwtSettings() {
  }

  static LanyardConfig.Jwt read(ConfigReader settings, Map<String, String> env) {
    String algorithm = settings.oneOf("jwt.algorithm");
    Optional<Secret> secret = secret(env);
    Optional<LanyardConfig.KeyPem> signingKey = Secrets.pem(env, PRIVATE_KEY_ENV);
    Optional<LanyardConfig.KeyPem> secondaryKey = Secrets.pem(env, SECONDARY_KEY_ENV);
    if (algorithm.equals(HMAC)) {
      signingKey.or(() -> secondaryKey).ifPresent(key -> {
        throw new ConfigException("Invalid setting " + key.source() + ": jwt.algorithm (LANYARD_JWT_ALGORITHM) is HS256, "
          + "which signs with " + SECRET_ENV + "; set jwt.algorithm to ES256 or RS256, or unset " + key.source());
      });
    } else {
      if (signingKey.isEmpty()) {
        throw new ConfigException("Invalid setting jwt.algorithm (LANYARD_JWT_ALGORITHM): " + algorithm + " needs a key pair in "
          + PRIVATE_KEY_ENV + " or " + PRIVATE_KEY_ENV + Secrets.FILE_SUFFIX);
      }
      if (secret.isPresent()) {
        throw new ConfigException("Invalid setting " + SECRET_ENV + ": jwt.algorithm (LANYARD_JWT_ALGORITHM) is " + algorithm
          + ", which signs with " + signingKey.get().source() + "; unset " + SECRET_ENV);
      }
    }
    return new LanyardConfig.Jwt(
      algorithm,
      secret,
      settings.text("jwt.issuer"),
      settings.duration("jwt.defaultTtl").toMillis(),
      settings.durationOrUnlimited("jwt.maxTtl"),
      signingKey,
      secondaryKey,
      secretKey(env),
      settings.duration("jwt.leeway"),
      settings.optionalText("jwt.audience"));
  }

  /** 32 bytes in base64, and not all alike: it is what keeps the generated secret out of database dumps. */
  private static Optional<Secret> secretKey(Map<String, String> env) {
    Optional<LanyardConfig.KeyPem> key = Secrets.pem(env, SECRET_KEY_ENV);
    key.ifPresent(found -> {
      try {
        byte[] bytes = SecretCipher.decodeKey(found.pem().reveal());
        if (IntStream.range(1, bytes.length).allMatch(i -> bytes[i] == bytes[0])) {
          throw new IllegalArgumentException("its bytes are all alike");
        }
      } catch (IllegalArgumentException e) {
        throw new ConfigException("Invalid setting " + found.source() + ": " + e.getMessage());
      }
    });
    return key.map(found -> new Secret(found.pem().reveal().trim()));
  }

  /**
   * At least 32 bytes (an HMAC key shorter than its hash output weakens every token), and not a placeholder or a string of
   * obviously low entropy. From {@code LANYARD_JWT_SECRET} or the file {@code LANYARD_JWT_SECRET_FILE} names.
   */
  private static Optional<Secret> secret(Map<String, String> env) {
    Optional<Secret> secret = Secrets.secret(env, SECRET_ENV);
    if (secret.isEmpty()) {
      return secret;
    }
    if (secret.get().byteLength() < 32) {
      throw new ConfigException("Invalid setting " + SECRET_ENV + ": the JWT secret must be at least 32 bytes long, got "
        + secret.get().byteLength() + " (leave it unset to have one generated and kept in the database)");
    }
    WeakSecrets.problem(secret.get().reveal()).ifPresent(problem -> {
      throw new ConfigException("Invalid setting " + SECRET_ENV + ": the JWT secret is too weak: " + problem
        + " (use 32 random bytes or more, e.g. openssl rand -base64 48)");
    });
    return secret;
  }
}
