package io.lanyard.platform.support;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SecretCipherTest {

  private static final String KEY = "q3VnKq1m9w0bXo0vC1e2Hk7Zt4yR8pLs6aNdUf5gJiE=";
  private static final String OTHER_KEY = "Zm9yZ2VkLWtleS1mb3ItdGhlLXRlc3QtMDEyMzQ1Njc=";

  @Test
  void sealedTextOpensWithTheSameKeyAndPurposeOnly() {
    String sealed = SecretCipher.of(KEY, "jwt.secret").seal("the secret");

    assertThat(SecretCipher.isSealed(sealed)).isTrue();
    assertThat(sealed).doesNotContain("the secret");
    assertThat(SecretCipher.of(KEY, "jwt.secret").open(sealed)).contains("the secret");
    assertThat(SecretCipher.of(OTHER_KEY, "jwt.secret").open(sealed)).isEmpty();
    assertThat(SecretCipher.of(KEY, "another.row").open(sealed)).isEmpty();
  }

  @Test
  void everySealingIsFreshAndTamperingIsDetected() {
    SecretCipher cipher = SecretCipher.of(KEY, "jwt.secret");
    String first = cipher.seal("the secret");
    String tampered = first.substring(0, first.length() - 2) + (first.endsWith("A") ? "BB" : "AA");

    assertThat(cipher.seal("the secret")).isNotEqualTo(first);
    assertThat(cipher.open(tampered)).isEmpty();
    assertThat(cipher.open("aes256gcm:v1:garbage")).isEmpty();
  }

  @Test
  void keysAre32BytesOfBase64InEitherAlphabet() {
    assertThat(SecretCipher.decodeKey(KEY)).hasSize(32);
    assertThat(SecretCipher.decodeKey(KEY.replace('+', '-').replace('/', '_').replace("=", ""))).hasSize(32);
    assertThatThrownBy(() -> SecretCipher.decodeKey("c2hvcnQ=")).hasMessageContaining("32 bytes");
    assertThatThrownBy(() -> SecretCipher.decodeKey("*not base64*")).hasMessageContaining("base64");
  }
}
