package io.lanyard.signin.tokens;

import io.vertx.core.json.JsonObject;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Arrays;
import java.util.Base64;

/** Public keys as JSON Web Keys (RFC 7517), and their RFC 7638 thumbprint, which serves as the key id ({@code kid}). */
final class Jwk {

  private static final Base64.Encoder URL = Base64.getUrlEncoder().withoutPadding();
  private static final int P256_COORDINATE_BYTES = 32;

  private Jwk() {
  }

  /** The public JWK: the thumbprint members plus {@code kid}, {@code alg} and {@code use}; never a private member. */
  static JsonObject publicJwk(PublicKey key, String algorithm) {
    return members(key).put("kid", thumbprint(key)).put("alg", algorithm).put("use", "sig");
  }

  /** SHA-256 over the required members in lexicographic order with no whitespace, base64url (RFC 7638 §3). */
  static String thumbprint(PublicKey key) {
    JsonObject required = members(key);
    StringBuilder canonical = new StringBuilder("{");
    required.fieldNames().stream().sorted().forEach(name -> canonical.append(canonical.length() > 1 ? "," : "")
      .append('"').append(name).append("\":\"").append(required.getString(name)).append('"'));
    canonical.append('}');
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
      return URL.encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JRE", e);
    }
  }

  private static JsonObject members(PublicKey key) {
    if (key instanceof ECPublicKey ec) {
      return new JsonObject()
        .put("crv", "P-256")
        .put("kty", "EC")
        .put("x", URL.encodeToString(unsigned(ec.getW().getAffineX(), P256_COORDINATE_BYTES)))
        .put("y", URL.encodeToString(unsigned(ec.getW().getAffineY(), P256_COORDINATE_BYTES)));
    }
    if (key instanceof RSAPublicKey rsa) {
      return new JsonObject()
        .put("e", URL.encodeToString(unsigned(rsa.getPublicExponent(), 0)))
        .put("kty", "RSA")
        .put("n", URL.encodeToString(unsigned(rsa.getModulus(), 0)));
    }
    throw new IllegalArgumentException("not an EC or RSA public key: " + key.getAlgorithm());
  }

  /** Big-endian with no sign byte, left-padded to {@code length} when one is given (EC coordinates are fixed-size). */
  private static byte[] unsigned(BigInteger value, int length) {
    byte[] bytes = value.toByteArray();
    if (bytes.length > 1 && bytes[0] == 0) {
      bytes = Arrays.copyOfRange(bytes, 1, bytes.length);
    }
    if (length > bytes.length) {
      byte[] padded = new byte[length];
      System.arraycopy(bytes, 0, padded, length - bytes.length, bytes.length);
      return padded;
    }
    return bytes;
  }
}
