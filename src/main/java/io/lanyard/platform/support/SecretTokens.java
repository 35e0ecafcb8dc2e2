package io.lanyard.platform.support;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Bearer secrets that the service hands out (application tokens, account links): 32 random bytes, base64url. Only their
 * SHA-256 is stored, and lookups go by that hash, so neither the database nor lookup timing reveals a token.
 */
public final class SecretTokens {

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final int BYTES = 32;

  private SecretTokens() {
  }

  public static String generate() {
    byte[] bytes = new byte[BYTES];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  public static byte[] sha256(String token) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /** The hash as a map key. */
  public static String sha256Hex(String token) {
    return HexFormat.of().formatHex(sha256(token));
  }
}
