package io.lanyard.boot;

import io.lanyard.platform.config.Secret;
import io.lanyard.platform.db.KeptSecrets;
import io.lanyard.platform.support.SecretCipher;
import io.lanyard.testing.Http;
import io.lanyard.testing.Keys;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The hosted pages' form key (which also keys the device markers) is kept in {@code settings} sealed, never in clear: under
 * {@code LANYARD_JWT_SECRET_KEY}, else under a key derived from {@code LANYARD_JWT_SECRET}; with neither (signing keys
 * configured) the service refuses to start. Every instance, and a restart, reads the same key: a form shown by one is
 * accepted by the next.
 */
class FormKeyAtRestIT extends SharedServiceFixture {

  private static final String ROW = "pages.formKey";
  private static final Pattern FORM_FIELD = Pattern.compile("name=\"form\" value=\"([^\"]+)\"");
  private static final String KEPT_IN_CLEAR = "a-form-key-an-earlier-version-kept-in-clear-0123456789abcdef";

  @Test
  void withOnlyTheJwtSecretTheFormKeyIsSealedUnderAKeyDerivedFromItAndServesAcrossRestarts() {
    Map<String, String> secretOnly = env(TestApp.JWT_SECRET, null);
    db.query("DELETE FROM settings WHERE name = $1", ROW);

    Http.Response shown;
    try (TestApp first = TestApp.start(secretOnly)) {
      shown = first.http().get("/account/forgot");
    }
    String stored = storedKey();
    String formKey = derived().open(stored).orElseThrow();

    assertThat(stored).startsWith("aes256gcm:v1:").doesNotContain(formKey);
    assertThat(formKey).hasSize(86);
    try (TestApp restarted = TestApp.start(secretOnly)) {
      assertThat(submit(restarted, shown).status()).withFailMessage(() -> submit(restarted, shown).text()).isEqualTo(200);
    }
  }

  @Test
  void aFormKeyKeptInClearIsSealedInPlaceAndKept() {
    db.query("DELETE FROM settings WHERE name = $1", ROW);
    db.query("INSERT INTO settings (name, value) VALUES ($1, $2)", ROW, KEPT_IN_CLEAR);

    try (TestApp upgraded = TestApp.start(env(TestApp.JWT_SECRET, null))) {
      assertThat(upgraded.http().get("/account/forgot").status()).isEqualTo(200);
    }

    assertThat(storedKey()).startsWith("aes256gcm:v1:").doesNotContain(KEPT_IN_CLEAR);
    assertThat(derived().open(storedKey())).contains(KEPT_IN_CLEAR);
  }

  @Test
  void oneSealedUnderTheDerivedKeyIsSealedAgainUnderTheSecretKeyOnceThatIsSet() {
    db.query("DELETE FROM settings WHERE name = $1", ROW);
    try (TestApp first = TestApp.start(env(TestApp.JWT_SECRET, null))) {
      assertThat(derived().open(storedKey())).isPresent();
    }
    String formKey = derived().open(storedKey()).orElseThrow();

    try (TestApp withKey = TestApp.start(env(TestApp.JWT_SECRET, TestApp.JWT_SECRET_KEY))) {
      assertThat(SecretCipher.of(TestApp.JWT_SECRET_KEY, ROW).open(storedKey())).contains(formKey);
    }
  }

  @Test
  void withSigningKeysAndNoKeyToSealWithTheServiceRefusesToStartAndKeepsNothingInClear() {
    db.query("DELETE FROM settings WHERE name = $1", ROW);
    Map<String, String> keysOnly = new HashMap<>(Keys.environment("ES256", Keys.ec(), null));
    keysOnly.putAll(env(null, null));

    assertThatThrownBy(() -> TestApp.start(keysOnly)).hasMessageContaining("Invalid setting LANYARD_JWT_SECRET_KEY")
      .hasMessageContaining("the key of the hosted pages' forms");
    assertThat(db.count("SELECT count(*) FROM settings WHERE name = $1", ROW)).isZero();
  }

  private static Map<String, String> env(String jwtSecret, String secretKey) {
    Map<String, String> env = new HashMap<>();
    env.put("LANYARD_JWT_SECRET", jwtSecret);
    env.put("LANYARD_JWT_SECRET_KEY", secretKey);
    return env;
  }

  private static SecretCipher derived() {
    return SecretCipher.of(KeptSecrets.derivedFrom(new Secret(TestApp.JWT_SECRET)).reveal(), ROW);
  }

  private String storedKey() {
    return db.single("SELECT value FROM settings WHERE name = $1", ROW).getString(0);
  }

  /** Sends the form another instance showed, as the browser that got it would. */
  private static Http.Response submit(TestApp service, Http.Response shown) {
    Matcher field = FORM_FIELD.matcher(shown.text());
    assertThat(field.find()).isTrue();
    String form = "form=" + URLEncoder.encode(field.group(1), StandardCharsets.UTF_8) + "&lang=eng-GB&email=ann%40example.com";
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Content-Type", "application/x-www-form-urlencoded")
      .add("Cookie", shown.headers().get("Set-Cookie").split(";")[0]);
    return service.http().send(HttpMethod.POST, "/account/forgot", Buffer.buffer(form), headers);
  }
}
