package io.lanyard.platform.support;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Encrypts a secret kept in the database with a key kept outside it (AES-256-GCM, the JDK's): a dump of the database then
 * holds ciphertext only. Sealed text reads {@code aes256gcm:v1:<iv>:<ciphertext and tag>} (base64url); the associated data
 * binds it to what it is ({@code purpose}), so a sealed value copied to another row does not open.
 */
public final class SecretCipher {

  public static final int KEY_BYTES = 32;
  private static final String PREFIX = "aes256gcm:v1:";
  private static final int IV_BYTES = 12;
  private static final int TAG_BITS = 128;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final SecretKeySpec key;
  private final byte[] purpose;

  private SecretCipher(byte[] key, String purpose) {
    this.key = new SecretKeySpec(key, "AES");
    this.purpose = purpose.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * @param base64Key 32 bytes in base64 (standard or URL alphabet, padded or not)
   * @throws IllegalArgumentException when it is not
   */
  public static SecretCipher of(String base64Key, String purpose) {
    return new SecretCipher(decodeKey(base64Key), purpose);
  }

  /** @throws IllegalArgumentException naming what is wrong with the key, never showing it */
  public static byte[] decodeKey(String base64Key) {
    byte[] key;
    try {
      String text = base64Key.trim().replace('-', '+').replace('_', '/');
      key = Base64.getMimeDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("it is not base64");
    }
    if (key.length != KEY_BYTES) {
      throw new IllegalArgumentException("it must be " + KEY_BYTES + " bytes in base64 (openssl rand -base64 32), got "
        + key.length + " bytes");
    }
    return key;
  }

  public static boolean isSealed(String stored) {
    return stored.startsWith(PREFIX);
  }

  public String seal(String secret) {
    byte[] iv = new byte[IV_BYTES];
    RANDOM.nextBytes(iv);
    byte[] sealed = run(Cipher.ENCRYPT_MODE, iv, secret.getBytes(StandardCharsets.UTF_8));
    Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
    return PREFIX + base64.encodeToString(iv) + ":" + base64.encodeToString(sealed);
  }

  /** @return the secret, or empty when this key did not seal it (or the text was altered) */
  public Optional<String> open(String stored) {
    String[] parts = stored.substring(PREFIX.length()).split(":");
    try {
      Base64.Decoder base64 = Base64.getUrlDecoder();
      byte[] plain = run(Cipher.DECRYPT_MODE, base64.decode(parts[0]), base64.decode(parts[1]));
      return Optional.of(new String(plain, StandardCharsets.UTF_8));
    } catch (WrongKey | IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
      return Optional.empty();
    }
  }

  private byte[] run(int mode, byte[] iv, byte[] input) {
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, iv));
      cipher.updateAAD(purpose);
      return cipher.doFinal(input);
    } catch (AEADBadTagException e) {
      throw new WrongKey();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM is part of every JDK", e);
    }
  }

  private static final class WrongKey extends RuntimeException {
    WrongKey() {
      super(null, null, false, false);
    }
  }
}
