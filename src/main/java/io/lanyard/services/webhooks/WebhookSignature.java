package io.lanyard.services.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signing (standardwebhooks.com): secrets are {@code whsec_<base64 of random bytes>}, and a delivery's
 * {@code webhook-signature} is {@code v1,<base64 HMAC-SHA256 of "id.timestamp.body">} keyed with the decoded bytes.
 */
public final class WebhookSignature {

  public static final String PREFIX = "whsec_";
  private static final int SECRET_BYTES = 32;
  private static final SecureRandom RANDOM = new SecureRandom();

  private WebhookSignature() {
  }

  public static String newSecret() {
    byte[] bytes = new byte[SECRET_BYTES];
    RANDOM.nextBytes(bytes);
    return PREFIX + Base64.getEncoder().encodeToString(bytes);
  }

  /** @param timestamp the attempt's time, in seconds since the epoch (the {@code webhook-timestamp} header) */
  public static String sign(String secret, String messageId, long timestamp, byte[] body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key(secret), "HmacSHA256"));
      mac.update((messageId + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
      return "v1," + Base64.getEncoder().encodeToString(mac.doFinal(body));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every JVM has HmacSHA256", e);
    }
  }

  private static byte[] key(String secret) {
    return Base64.getDecoder().decode(secret.startsWith(PREFIX) ? secret.substring(PREFIX.length()) : secret);
  }
}
