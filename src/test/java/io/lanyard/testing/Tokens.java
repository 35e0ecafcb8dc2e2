package io.lanyard.testing;

import io.vertx.core.json.JsonObject;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Hand-made JWTs for tests, signed independently of the service's library, so forged and expired tokens can be tried. */
public final class Tokens {

  private static final Base64.Encoder URL = Base64.getUrlEncoder().withoutPadding();

  private Tokens() {
  }

  public static String sign(String algorithm, String secret, JsonObject claims) {
    String javaAlgorithm = switch (algorithm) {
      case "HS256" -> "HmacSHA256";
      case "HS384" -> "HmacSHA384";
      case "HS512" -> "HmacSHA512";
      default -> throw new IllegalArgumentException(algorithm);
    };
    String signingInput = encode(new JsonObject().put("alg", algorithm).put("typ", "JWT")) + "." + encode(claims);
    try {
      Mac mac = Mac.getInstance(javaAlgorithm);
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), javaAlgorithm));
      return signingInput + "." + URL.encodeToString(mac.doFinal(signingInput.getBytes(StandardCharsets.US_ASCII)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  public static String unsigned(JsonObject claims) {
    return encode(new JsonObject().put("alg", "none").put("typ", "JWT")) + "." + encode(claims) + ".";
  }

  public static JsonObject claims(String userId, long expSeconds) {
    return new JsonObject().put("_id", userId).put("sub", userId).put("iat", expSeconds - 3600)
      .put("exp", expSeconds).put("jti", "test-" + expSeconds).put("iss", "lanyard");
  }

  /** A JWT's claims, as the service wrote them (the signature not checked). */
  public static JsonObject payload(String jwt) {
    return new JsonObject(new String(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]), StandardCharsets.UTF_8));
  }

  public static JsonObject header(String jwt) {
    return new JsonObject(new String(Base64.getUrlDecoder().decode(jwt.split("\\.")[0]), StandardCharsets.UTF_8));
  }

  private static String encode(JsonObject json) {
    return URL.encodeToString(json.encode().getBytes(StandardCharsets.UTF_8));
  }
}
