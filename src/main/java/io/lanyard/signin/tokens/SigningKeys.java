package io.lanyard.signin.tokens;

import io.lanyard.platform.config.ConfigException;
import io.lanyard.platform.config.LanyardConfig;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The key pair that signs tokens under ES256 or RS256, and an optional second public key that only verifies, so a key rotates
 * with no token refused. Each key's id ({@code kid}) is its RFC 7638 thumbprint, so it follows the key with nothing to configure.
 */
public final class SigningKeys {

  /** A public key and its id. */
  public record VerifyingKey(String kid, PublicKey publicKey) {
  }

  private static final BigInteger P256_ORDER =
    new BigInteger("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551", 16);
  private static final int MIN_RSA_BITS = 2048;
  private static final String PUBLIC_KEY = "PUBLIC KEY";
  private static final String PRIVATE_KEY = "PRIVATE KEY";

  private final String algorithm;
  private final PrivateKey privateKey;
  private final List<VerifyingKey> verifying;

  private SigningKeys(String algorithm, PrivateKey privateKey, List<VerifyingKey> verifying) {
    this.algorithm = algorithm;
    this.privateKey = privateKey;
    this.verifying = List.copyOf(verifying);
  }

  /** Reads and checks the configured keys; anything wrong stops start-up with a message naming the variable. */
  public static SigningKeys load(LanyardConfig.Jwt jwt) {
    String algorithm = jwt.algorithm();
    LanyardConfig.KeyPem signing = jwt.signingKey().orElseThrow();
    List<Pem.Block> blocks = Pem.blocks(signing.pem().reveal());
    Pem.Block privateBlock = block(blocks, PRIVATE_KEY).orElseThrow(() -> invalid(signing, missingPrivateKey(blocks)));
    Pem.Block publicBlock = block(blocks, PUBLIC_KEY).orElseThrow(() -> invalid(signing,
      "no PUBLIC KEY block: append the public key to the PEM (openssl pkey -in key.pem -pubout >> key.pem)"));
    PrivateKey privateKey = privateKey(algorithm, signing, privateBlock);
    PublicKey publicKey = publicKey(algorithm, signing, publicBlock);
    if (!isPair(algorithm, privateKey, publicKey)) {
      throw invalid(signing, "the PUBLIC KEY block is not the public half of the PRIVATE KEY block");
    }
    List<VerifyingKey> verifying = new ArrayList<>(List.of(new VerifyingKey(Jwk.thumbprint(publicKey), publicKey)));
    jwt.secondaryKey().ifPresent(secondary -> {
      Pem.Block block = block(Pem.blocks(secondary.pem().reveal()), PUBLIC_KEY)
        .orElseThrow(() -> invalid(secondary, "no PUBLIC KEY block (the second key only verifies: its public key is enough)"));
      PublicKey key = publicKey(algorithm, secondary, block);
      String kid = Jwk.thumbprint(key);
      if (!kid.equals(verifying.get(0).kid())) {
        verifying.add(new VerifyingKey(kid, key));
      }
    });
    return new SigningKeys(algorithm, privateKey, verifying);
  }

  public String algorithm() {
    return algorithm;
  }

  /** The id of the key that signs. */
  public String signingKid() {
    return verifying.get(0).kid();
  }

  /** The private key that signs (the ID tokens' signer takes it as it is). */
  public PrivateKey signingPrivateKey() {
    return privateKey;
  }

  /** The signing key as PKCS#8 PEM, for the JWT library. */
  String signingPem() {
    return Pem.encode(PRIVATE_KEY, privateKey.getEncoded());
  }

  /** Every key that verifies, the signing one first. */
  public List<VerifyingKey> verifying() {
    return verifying;
  }

  static String publicPem(VerifyingKey key) {
    return Pem.encode(PUBLIC_KEY, key.publicKey().getEncoded());
  }

  /** The JWK Set (RFC 7517 §5) of every verifying key, the signing one first. */
  public JsonObject jwks() {
    JsonArray keys = new JsonArray();
    verifying.forEach(key -> keys.add(Jwk.publicJwk(key.publicKey(), algorithm)));
    return new JsonObject().put("keys", keys);
  }

  private static Optional<Pem.Block> block(List<Pem.Block> blocks, String type) {
    return blocks.stream().filter(block -> block.type().equals(type)).findFirst();
  }

  private static String missingPrivateKey(List<Pem.Block> blocks) {
    boolean legacy = blocks.stream().anyMatch(block -> block.type().endsWith(" " + PRIVATE_KEY));
    return legacy
      ? "the private key must be unencrypted PKCS#8 (BEGIN PRIVATE KEY): openssl pkcs8 -topk8 -nocrypt -in key.pem"
      : "no PRIVATE KEY block (PKCS#8 PEM, as openssl genpkey writes it)";
  }

  private static PrivateKey privateKey(String algorithm, LanyardConfig.KeyPem source, Pem.Block block) {
    try {
      return KeyFactory.getInstance(keyType(algorithm)).generatePrivate(new PKCS8EncodedKeySpec(block.der()));
    } catch (GeneralSecurityException e) {
      throw invalid(source, "the PRIVATE KEY block is not " + describe(algorithm));
    }
  }

  private static PublicKey publicKey(String algorithm, LanyardConfig.KeyPem source, Pem.Block block) {
    PublicKey key;
    try {
      key = KeyFactory.getInstance(keyType(algorithm)).generatePublic(new X509EncodedKeySpec(block.der()));
    } catch (GeneralSecurityException e) {
      throw invalid(source, "the PUBLIC KEY block is not " + describe(algorithm));
    }
    boolean fits = key instanceof ECPublicKey ec ? ec.getParams().getOrder().equals(P256_ORDER)
      : key instanceof RSAPublicKey rsa && rsa.getModulus().bitLength() >= MIN_RSA_BITS;
    if (!fits) {
      throw invalid(source, "the key is not " + describe(algorithm));
    }
    return key;
  }

  /** Signs a probe with the private key and verifies it with the public one. */
  private static boolean isPair(String algorithm, PrivateKey privateKey, PublicKey publicKey) {
    String javaAlgorithm = algorithm.equals("ES256") ? "SHA256withECDSA" : "SHA256withRSA";
    byte[] probe = "lanyard key pair check".getBytes(StandardCharsets.US_ASCII);
    try {
      Signature signer = Signature.getInstance(javaAlgorithm);
      signer.initSign(privateKey);
      signer.update(probe);
      byte[] signature = signer.sign();
      Signature verifier = Signature.getInstance(javaAlgorithm);
      verifier.initVerify(publicKey);
      verifier.update(probe);
      return verifier.verify(signature);
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  private static String keyType(String algorithm) {
    return algorithm.equals("ES256") ? "EC" : "RSA";
  }

  private static String describe(String algorithm) {
    return algorithm.equals("ES256") ? "an EC P-256 key (ES256)" : "an RSA key of at least " + MIN_RSA_BITS + " bits (RS256)";
  }

  private static ConfigException invalid(LanyardConfig.KeyPem source, String problem) {
    return new ConfigException("Invalid setting " + source.source() + ": " + problem);
  }
}
