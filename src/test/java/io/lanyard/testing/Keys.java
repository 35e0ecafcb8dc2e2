package io.lanyard.testing;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

/** Key pairs for the ES256 and RS256 tests, as an operator would hand them over: PEM text. */
public final class Keys {

  private Keys() {
  }

  public static KeyPair ec() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(new ECGenParameterSpec("secp256r1"));
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  public static KeyPair rsa() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The signing key's PEM: the PKCS#8 private key, then its public key. */
  public static String pem(KeyPair pair) {
    return block("PRIVATE KEY", pair.getPrivate().getEncoded()) + publicPem(pair);
  }

  public static String publicPem(KeyPair pair) {
    return block("PUBLIC KEY", pair.getPublic().getEncoded());
  }

  /** The environment of a service signing with {@code primary} (and verifying {@code secondary} too, when given). */
  public static Map<String, String> environment(String algorithm, KeyPair primary, KeyPair secondary) {
    Map<String, String> env = new HashMap<>();
    env.put("LANYARD_JWT_ALGORITHM", algorithm);
    env.put("LANYARD_JWT_SECRET", null);
    env.put("LANYARD_JWT_PRIVATE_KEY", pem(primary));
    if (secondary != null) {
      env.put("LANYARD_JWT_SECONDARY_KEY", publicPem(secondary));
    }
    return env;
  }

  private static String block(String type, byte[] der) {
    return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
      + "\n-----END " + type + "-----\n";
  }
}
