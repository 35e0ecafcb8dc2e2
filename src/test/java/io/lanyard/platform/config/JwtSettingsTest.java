package io.lanyard.platform.config;

import io.lanyard.testing.Keys;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The jwt settings: an HMAC secret and key pairs do not mix, and key material comes only from the environment. */
class JwtSettingsTest {

  private static final String PEM = Keys.pem(Keys.ec());

  @Test
  void hs256IsTheDefaultAndHasNoKeyPair() {
    LanyardConfig.Jwt jwt = load(Map.of());

    assertThat(jwt.algorithm()).isEqualTo("HS256");
    assertThat(jwt.isAsymmetric()).isFalse();
  }

  @Test
  void es256TakesTheKeyPairFromTheEnvironment() {
    LanyardConfig.Jwt jwt = load(Map.of("LANYARD_JWT_ALGORITHM", "ES256", "LANYARD_JWT_PRIVATE_KEY", PEM));

    assertThat(jwt.isAsymmetric()).isTrue();
    assertThat(jwt.signingKey().orElseThrow().source()).isEqualTo("LANYARD_JWT_PRIVATE_KEY");
    assertThat(jwt.toString()).doesNotContain("PRIVATE KEY");
  }

  @Test
  void anAsymmetricAlgorithmWithoutAKeyPairStopsStartUp() {
    assertThatThrownBy(() -> load(Map.of("LANYARD_JWT_ALGORITHM", "RS256")))
      .isInstanceOf(ConfigException.class)
      .hasMessageContaining("jwt.algorithm (LANYARD_JWT_ALGORITHM)")
      .hasMessageContaining("LANYARD_JWT_PRIVATE_KEY");
  }

  @Test
  void mixingAnHmacSecretAndAKeyPairStopsStartUp() {
    assertThatThrownBy(() -> load(Map.of("LANYARD_JWT_PRIVATE_KEY", PEM)))
      .hasMessageStartingWith("Invalid setting LANYARD_JWT_PRIVATE_KEY: jwt.algorithm (LANYARD_JWT_ALGORITHM) is HS256");
    assertThatThrownBy(() -> load(Map.of("LANYARD_JWT_SECONDARY_KEY", PEM)))
      .hasMessageStartingWith("Invalid setting LANYARD_JWT_SECONDARY_KEY");
    assertThatThrownBy(() -> load(Map.of("LANYARD_JWT_ALGORITHM", "ES256", "LANYARD_JWT_PRIVATE_KEY", PEM,
      "LANYARD_JWT_SECRET", "Qm7vT2xK9pLw4ZsN8dRf3HjY6bUc1EaGq")))
      .hasMessageStartingWith("Invalid setting LANYARD_JWT_SECRET: jwt.algorithm (LANYARD_JWT_ALGORITHM) is ES256")
      .satisfies(e -> assertThat(e.getMessage()).doesNotContain("Qm7vT2xK9pLw4ZsN8dRf3HjY6bUc1EaGq"));
  }

  @Test
  void aKeyAndAFileOfTheSameKeyOrAnUnreadableFileStopStartUp() {
    assertThatThrownBy(() -> load(Map.of("LANYARD_JWT_ALGORITHM", "ES256", "LANYARD_JWT_PRIVATE_KEY", PEM,
      "LANYARD_JWT_PRIVATE_KEY_FILE", "/tmp/key.pem")))
      .hasMessageContaining("set LANYARD_JWT_PRIVATE_KEY or LANYARD_JWT_PRIVATE_KEY_FILE, not both");
    assertThatThrownBy(() -> load(Map.of("LANYARD_JWT_ALGORITHM", "ES256", "LANYARD_JWT_PRIVATE_KEY_FILE", "/no/such/key.pem")))
      .hasMessageStartingWith("Invalid setting LANYARD_JWT_PRIVATE_KEY_FILE: cannot read the file /no/such/key.pem");
  }

  @Test
  void anUnknownAlgorithmIsRefused() {
    assertThatThrownBy(() -> load(Map.of("LANYARD_JWT_ALGORITHM", "none")))
      .hasMessageContaining("one of HS256, ES256, RS256");
  }

  private static LanyardConfig.Jwt load(Map<String, String> env) {
    return ConfigLoader.load(Optional.empty(), env).jwt();
  }
}
