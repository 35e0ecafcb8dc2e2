package io.lanyard.signin;

import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.crypto.MACVerifier;
import io.lanyard.platform.support.SecretCipher;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The HS256 secret generated and kept in the database is encrypted there with {@code LANYARD_JWT_SECRET_KEY} (AES-256-GCM), so a
 * dump of the database holds nothing to forge tokens with. A secret an earlier version kept in clear is encrypted in place at
 * the first start with a key; without the key, or with another one, the service refuses to start and says why.
 */
class JwtSecretAtRestIT extends SharedServiceFixture {

  private static final String USER_TYPES = "/_plugin/Vendor/user/getAllUserTypes";
  private static final String PLAIN_SECRET = "kept-in-clear-by-an-earlier-version-7f3a9c2e5b1d8e4f6a0c";

  @Test
  void theGeneratedSecretIsStoredEncryptedAndServesTokensAcrossRestarts() throws Exception {
    Accounts.createActive(app, "ann@example.com");
    String jwt;
    try (TestApp first = TestApp.start(generated(TestApp.JWT_SECRET_KEY))) {
      jwt = Accounts.login(first, "ann@example.com");
    }
    String stored = storedSecret();
    String secret = SecretCipher.of(TestApp.JWT_SECRET_KEY, "jwt.secret").open(stored).orElseThrow();

    assertThat(stored).startsWith("aes256gcm:v1:").doesNotContain(secret);
    assertThat(secret).hasSize(86);
    assertThat(JWSObject.parse(jwt).verify(new MACVerifier(secret.getBytes(StandardCharsets.UTF_8)))).isTrue();
    try (TestApp restarted = TestApp.start(generated(TestApp.JWT_SECRET_KEY))) {
      assertThat(restarted.http().get(USER_TYPES, jwt).status()).isEqualTo(200);
    }
  }

  @Test
  void aSecretKeptInClearIsEncryptedInPlaceAndKeepsSigning() throws Exception {
    db.query("INSERT INTO settings (name, value) VALUES ('jwt.secret', $1)", PLAIN_SECRET);
    Accounts.createActive(app, "ann@example.com");

    try (TestApp upgraded = TestApp.start(generated(TestApp.JWT_SECRET_KEY))) {
      String jwt = Accounts.login(upgraded, "ann@example.com");

      assertThat(JWSObject.parse(jwt).verify(new MACVerifier(PLAIN_SECRET.getBytes(StandardCharsets.UTF_8)))).isTrue();
    }
    assertThat(storedSecret()).startsWith("aes256gcm:v1:").doesNotContain(PLAIN_SECRET);
  }

  @Test
  void withoutTheKeyTheServiceRefusesToStartNamingIt() {
    Map<String, String> noKey = generated(null);

    assertThatThrownBy(() -> TestApp.start(noKey)).hasMessageContaining("Invalid setting LANYARD_JWT_SECRET_KEY")
      .hasMessageContaining("openssl rand -base64 32");
    assertThat(db.count("SELECT count(*) FROM settings WHERE name = 'jwt.secret'")).isZero();
  }

  @Test
  void withAnotherKeyTheServiceRefusesToStart() {
    try (TestApp first = TestApp.start(generated(TestApp.JWT_SECRET_KEY))) {
      assertThat(storedSecret()).startsWith("aes256gcm:v1:");
    }

    assertThatThrownBy(() -> TestApp.start(generated("Zm9yZ2VkLWtleS1mb3ItdGhlLXRlc3QtMDEyMzQ1Njc=")))
      .hasMessageContaining("LANYARD_JWT_SECRET_KEY: it does not decrypt the JWT secret kept in the database");
  }

  @Test
  void aConfiguredSecretMayComeFromAFile() throws Exception {
    String secret = "from-a-file-Qm7vT2xK9pLw4ZsN8dRf3HjY6bUc1EaG";
    Path file = Files.createTempFile("jwt", ".secret");
    Files.writeString(file, secret + "\n");
    Map<String, String> env = generated(null);
    env.put("LANYARD_JWT_SECRET_FILE", file.toString());
    Accounts.createActive(app, "ann@example.com");

    try (TestApp fromFile = TestApp.start(env)) {
      String jwt = Accounts.login(fromFile, "ann@example.com");

      assertThat(JWSObject.parse(jwt).verify(new MACVerifier(secret.getBytes(StandardCharsets.UTF_8)))).isTrue();
    } finally {
      Files.delete(file);
    }
    assertThat(db.count("SELECT count(*) FROM settings WHERE name = 'jwt.secret'")).isZero();
  }

  private static Map<String, String> generated(String key) {
    Map<String, String> env = new HashMap<>();
    env.put("LANYARD_JWT_SECRET", null);
    env.put("LANYARD_JWT_SECRET_KEY", key);
    return env;
  }

  private String storedSecret() {
    return db.single("SELECT value FROM settings WHERE name = 'jwt.secret'").getString(0);
  }
}
