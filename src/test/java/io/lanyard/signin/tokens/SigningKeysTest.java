package io.lanyard.signin.tokens;

import io.lanyard.platform.config.ConfigException;
import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.testing.Keys;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The key pairs of ES256 and RS256: what is accepted, and how a wrong one is refused (naming the variable, never the key). */
class SigningKeysTest {

  private static final String PRIVATE_KEY = "LANYARD_JWT_PRIVATE_KEY";

  @Test
  void aKeyPairSignsAndPublishesItsThumbprintAsKid() {
    KeyPair pair = Keys.ec();

    SigningKeys keys = load(Map.of("LANYARD_JWT_ALGORITHM", "ES256", PRIVATE_KEY, Keys.pem(pair)));

    assertThat(keys.signingKid()).isEqualTo(Jwk.thumbprint(pair.getPublic()));
    JsonObject jwk = keys.jwks().getJsonArray("keys").getJsonObject(0);
    assertThat(jwk.getString("kid")).isEqualTo(keys.signingKid());
    assertThat(jwk.containsKey("d")).isFalse();
    assertThat(Base64.getUrlDecoder().decode(jwk.getString("x"))).hasSize(32);
  }

  @Test
  void theSecondKeyVerifiesAndIsPublishedAfterTheSigningOne() {
    KeyPair primary = Keys.ec();
    KeyPair secondary = Keys.ec();

    SigningKeys keys = load(Map.of("LANYARD_JWT_ALGORITHM", "ES256", PRIVATE_KEY, Keys.pem(primary),
      "LANYARD_JWT_SECONDARY_KEY", Keys.pem(secondary)));

    assertThat(keys.verifying()).extracting(SigningKeys.VerifyingKey::kid)
      .containsExactly(Jwk.thumbprint(primary.getPublic()), Jwk.thumbprint(secondary.getPublic()));
  }

  @Test
  void theSameKeyTwiceIsPublishedOnce() {
    KeyPair pair = Keys.ec();

    SigningKeys keys = load(Map.of("LANYARD_JWT_ALGORITHM", "ES256", PRIVATE_KEY, Keys.pem(pair),
      "LANYARD_JWT_SECONDARY_KEY", Keys.publicPem(pair)));

    assertThat(keys.jwks().getJsonArray("keys")).hasSize(1);
  }

  @Test
  void theKeyMayComeFromAFileNamedByTheEnvironment() throws Exception {
    Path file = Files.createTempFile("lanyard-key", ".pem");
    file.toFile().deleteOnExit();
    Files.writeString(file, "# the signing key\n" + Keys.pem(Keys.rsa()));

    SigningKeys keys = load(Map.of("LANYARD_JWT_ALGORITHM", "RS256", PRIVATE_KEY + "_FILE", file.toString()));

    assertThat(keys.jwks().getJsonArray("keys").getJsonObject(0).getString("kty")).isEqualTo("RSA");
  }

  @Test
  void wrongKeysAreRefusedNamingTheVariableAndNotTheKey() throws Exception {
    KeyPair ec = Keys.ec();
    String pem = Keys.pem(ec);
    Map<String, String> cases = new HashMap<>();
    cases.put(privateOnly(pem), "no PUBLIC KEY block");
    cases.put(Keys.publicPem(ec), "no PRIVATE KEY block");
    cases.put(privateOnly(pem) + Keys.publicPem(Keys.ec()), "not the public half");
    cases.put(pem.replace("PRIVATE KEY", "EC PRIVATE KEY"), "PKCS#8");
    cases.put(Keys.pem(p384()), "not an EC P-256 key");
    cases.put("not a key at all", "no PRIVATE KEY block");

    cases.forEach((given, problem) -> assertThatThrownBy(() -> load(Map.of("LANYARD_JWT_ALGORITHM", "ES256", PRIVATE_KEY, given)))
      .isInstanceOf(ConfigException.class)
      .hasMessageStartingWith("Invalid setting " + PRIVATE_KEY + ":")
      .hasMessageContaining(problem)
      .satisfies(e -> assertThat(e.getMessage()).doesNotContain(Base64.getMimeEncoder().encodeToString(ec.getPrivate().getEncoded())
        .substring(0, 40))));
    assertThatThrownBy(() -> load(Map.of("LANYARD_JWT_ALGORITHM", "RS256", PRIVATE_KEY, pem)))
      .hasMessageContaining("not an RSA key of at least 2048 bits");
  }

  @Test
  void thumbprintIsRfc7638s() throws Exception {
    String n = "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn"
      + "64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91Cb"
      + "OpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw";
    PublicKey key = KeyFactory.getInstance("RSA").generatePublic(new RSAPublicKeySpec(
      new BigInteger(1, Base64.getUrlDecoder().decode(n)), BigInteger.valueOf(65537)));

    assertThat(Jwk.thumbprint(key)).isEqualTo("NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs");
  }

  private static SigningKeys load(Map<String, String> env) {
    LanyardConfig config = ConfigLoader.load(Optional.empty(), env);
    return SigningKeys.load(config.jwt());
  }

  private static String privateOnly(String pem) {
    return pem.substring(0, pem.indexOf("-----BEGIN PUBLIC KEY-----"));
  }

  private static KeyPair p384() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp384r1"));
    return generator.generateKeyPair();
  }
}
