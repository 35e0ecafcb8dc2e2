package io.lanyard.platform.config;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfigLoaderTest {

  private static final String RANDOM_LOOKING = "Qm7vT2xK9pLw4ZsN8dRf3HjY6bUc1EaG";

  @Test
  void defaultsAreTheDocumentedOnes() {
    LanyardConfig config = ConfigLoader.load(Optional.empty(), Map.of());

    assertThat(config.http().port()).isEqualTo(7512);
    assertThat(config.db().uri()).isEqualTo("postgresql://postgres@127.0.0.1:5432/lanyard");
    assertThat(config.db().createDatabase()).isTrue();
    assertThat(config.jwt().defaultTtlMillis()).isEqualTo(3_600_000L);
    assertThat(config.jwt().maxTtlMillis()).isEqualTo(43_200_000L);
    assertThat(config.jwt().secret()).isEmpty();
    assertThat(config.security().bcryptCost()).isEqualTo(10);
    assertThat(config.security().hashQueueBudget()).isEqualTo(Duration.ofSeconds(2));
    assertThat(config.db().queueBudget()).isEqualTo(Duration.ofSeconds(2));
    assertThat(config.pluginName()).isEqualTo("Vendor");
    assertThat(config.metrics().host()).isEqualTo("127.0.0.1");
    assertThat(config.http().readTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(config.security().allowWeakBcryptCost()).isFalse();
  }

  @Test
  void abuseLimitsHaveTheDefaultsOfDecisionsSection7() {
    LanyardConfig config = ConfigLoader.load(Optional.empty(), Map.of());

    LanyardConfig.Security security = config.security();
    assertThat(security.sourceAllowlist().isEmpty()).isTrue();
    assertThat(security.lockout()).isEqualTo(new LanyardConfig.Lockout(10, Duration.ofMinutes(1), Duration.ofMinutes(15),
      Duration.ofHours(12), Duration.ofDays(90)));
    assertThat(security.sourceRates().credentials()).contains(new Rate(30, Duration.ofMinutes(1)));
    assertThat(security.sourceRates().mail()).contains(new Rate(10, Duration.ofMinutes(1)));
    assertThat(security.maxSessionsPerUser()).isEqualTo(20);
    assertThat(security.refreshRate()).contains(new Rate(30, Duration.ofMinutes(1)));
    assertThat(config.jwt().leeway()).isEqualTo(Duration.ofSeconds(30));
    assertThat(config.jwt().audience()).isEmpty();
    assertThat(config.mail().perRecipient()).contains(new Rate(5, Duration.ofHours(1)));
    assertThat(config.mail().maxSendRate()).contains(new Rate(12000, Duration.ofMinutes(1)));
    assertThat(security.emailChangeRate()).contains(new Rate(3, Duration.ofHours(1)));
    assertThat(config.mail().yieldToRequests()).contains(Duration.ofSeconds(15));
    assertThat(config.captcha().isOn()).isFalse();
  }

  @Test
  void everyRateTakesOffAndABadOneNamesItsSetting() {
    LanyardConfig config = ConfigLoader.load(Optional.empty(), Map.of("LANYARD_SOURCE_RATE_CREDENTIALS", "off",
      "LANYARD_SOURCE_RATE_MAIL", "OFF", "LANYARD_REFRESH_RATE", "off", "LANYARD_MAIL_PER_RECIPIENT", "off",
      "LANYARD_MAIL_MAX_SEND_RATE", "14 / 1s", "LANYARD_LOCKOUT_FAILURES", "0", "LANYARD_SOURCE_ALLOWLIST", "10.0.0.0/8"));

    assertThat(config.security().sourceRates().credentials()).isEmpty();
    assertThat(config.security().sourceRates().mail()).isEmpty();
    assertThat(config.security().refreshRate()).isEmpty();
    assertThat(config.mail().perRecipient()).isEmpty();
    assertThat(config.mail().maxSendRate()).contains(new Rate(14, Duration.ofSeconds(1)));
    assertThat(config.security().lockout().isOn()).isFalse();
    assertThat(config.security().sourceAllowlist().isEmpty()).isFalse();
    for (String bad : new String[] {"30", "0/1m", "30/0s", "x/1m", "30/soon", "-1/1m", ""}) {
      assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_SOURCE_RATE_MAIL", bad)))
        .as(bad).hasMessageContaining("security.sourceRate.mail (LANYARD_SOURCE_RATE_MAIL): expected a rate such as 30/1m");
    }
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_LOCKOUT_WAIT", "20m")))
      .hasMessageContaining("security.lockout.maxWait (LANYARD_LOCKOUT_MAX_WAIT): it must be at least");
  }

  @Test
  void suspectSourcesHaveTheirDefaultsAndNonsenseIsRefusedAtStart() {
    assertThat(ConfigLoader.load(Optional.empty(), Map.of()).security().suspect())
      .isEqualTo(new LanyardConfig.Suspect(5, Duration.ofMinutes(15)));
    assertThat(ConfigLoader.load(Optional.empty(), Map.of("LANYARD_SUSPECT_FAILURES", "0", "LANYARD_SUSPECT_WINDOW", "1h"))
      .security().suspect()).isEqualTo(new LanyardConfig.Suspect(0, Duration.ofHours(1)));
    for (String bad : new String[] {"-1", "21", "many"}) {
      assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_SUSPECT_FAILURES", bad)))
        .as(bad).hasMessageContaining("security.suspect.failures (LANYARD_SUSPECT_FAILURES)");
    }
    for (String bad : new String[] {"0", "30s", "25h", "soon"}) {
      assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_SUSPECT_WINDOW", bad)))
        .as(bad).hasMessageContaining("security.suspect.window (LANYARD_SUSPECT_WINDOW)");
    }
  }

  @Test
  void mailYieldsToRequestsForADurationOrNever() {
    assertThat(ConfigLoader.load(Optional.empty(), Map.of("LANYARD_MAIL_YIELD_TO_REQUESTS", "OFF")).mail().yieldToRequests())
      .isEmpty();
    assertThat(ConfigLoader.load(Optional.empty(), Map.of("LANYARD_MAIL_YIELD_TO_REQUESTS", "500ms")).mail()
      .yieldToRequests()).contains(Duration.ofMillis(500));
    for (String bad : new String[] {"0", "-1s", "soon"}) {
      assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_MAIL_YIELD_TO_REQUESTS", bad)))
        .as(bad).hasMessageContaining("mail.yieldToRequests (LANYARD_MAIL_YIELD_TO_REQUESTS): expected a positive duration");
    }
  }

  @Test
  void aCaptchaProviderNeedsItsSecretAndGetsItsOwnVerifyUrl() {
    LanyardConfig config = ConfigLoader.load(Optional.empty(), Map.of("LANYARD_CAPTCHA_PROVIDER", "turnstile",
      "LANYARD_CAPTCHA_SECRET", "0x4AAAAAAA-secret"));

    assertThat(config.captcha().isOn()).isTrue();
    assertThat(config.captcha().verifyUrl()).isEqualTo("https://challenges.cloudflare.com/turnstile/v0/siteverify");
    assertThat(config.captcha().secret().orElseThrow().reveal()).isEqualTo("0x4AAAAAAA-secret");
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_CAPTCHA_PROVIDER", "hcaptcha")))
      .hasMessageContaining("LANYARD_CAPTCHA_SECRET");
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_CAPTCHA_PROVIDER", "recaptcha",
      "LANYARD_CAPTCHA_SECRET", "s", "LANYARD_CAPTCHA_VERIFY_URL", "http://captcha.example/verify")))
      .hasMessageContaining("captcha.verifyUrl (LANYARD_CAPTCHA_VERIFY_URL)");
  }

  @Test
  void admissionBudgetsComeFromTheEnvironment() {
    LanyardConfig config = ConfigLoader.load(Optional.empty(), Map.of(
      "LANYARD_HASH_QUEUE_BUDGET", "500ms", "LANYARD_DB_QUEUE_BUDGET", "1.5s"));

    assertThat(config.security().hashQueueBudget()).isEqualTo(Duration.ofMillis(500));
    assertThat(config.db().queueBudget()).isEqualTo(Duration.ofMillis(1500));
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_HASH_QUEUE_BUDGET", "0")))
      .hasMessageContaining("security.hashQueueBudget (LANYARD_HASH_QUEUE_BUDGET)");
  }

  @Test
  void failureHandlingSettingsHaveTheirDefaultsAndVariables() {
    LanyardConfig defaults = ConfigLoader.load(Optional.empty(), Map.of());
    LanyardConfig set = ConfigLoader.load(Optional.empty(), Map.of("LANYARD_DB_STATEMENT_TIMEOUT", "10s",
      "LANYARD_DB_LOCK_TIMEOUT", "500ms", "LANYARD_DB_IDLE_IN_TRANSACTION_TIMEOUT", "30s", "LANYARD_DB_LOGIN_POOL_SIZE", "8",
      "LANYARD_DB_BACKGROUND_POOL_SIZE", "6", "LANYARD_HTTP_DRAIN_PERIOD", "15s", "LANYARD_SMTP_TIMEOUT", "10s", "LANYARD_MAIL_MAX_AGE", "2d"));

    assertThat(defaults.db().statementTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(defaults.db().lockTimeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(defaults.db().idleInTransactionTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(defaults.db().loginPoolSize()).isEqualTo(4);
    assertThat(defaults.db().backgroundPoolSize()).isEqualTo(4);
    assertThat(defaults.http().drainPeriod()).isEqualTo(Duration.ofSeconds(5));
    assertThat(defaults.smtp().timeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(defaults.mail().maxAge()).isEqualTo(Duration.ofHours(24));
    assertThat(defaults.mail().retryMaxDelay()).isEqualTo(Duration.ofMinutes(5));
    assertThat(set.db().statementTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(set.db().lockTimeout()).isEqualTo(Duration.ofMillis(500));
    assertThat(set.db().idleInTransactionTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(set.db().loginPoolSize()).isEqualTo(8);
    assertThat(set.db().backgroundPoolSize()).isEqualTo(6);
    assertThat(set.http().drainPeriod()).isEqualTo(Duration.ofSeconds(15));
    assertThat(set.smtp().timeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(set.mail().maxAge()).isEqualTo(Duration.ofDays(2));
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_DB_LOCK_TIMEOUT", "never")))
      .hasMessageContaining("db.lockTimeout (LANYARD_DB_LOCK_TIMEOUT)");
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_DB_LOGIN_POOL_SIZE", "0")))
      .hasMessageContaining("db.loginPoolSize (LANYARD_DB_LOGIN_POOL_SIZE)");
  }

  @Test
  void environmentOverridesEverySettingItNames() {
    LanyardConfig config = ConfigLoader.load(Optional.empty(), Map.of(
      "LANYARD_HTTP_PORT", "8080",
      "LANYARD_DB_URI", "postgresql://app@db:5433/sso",
      "LANYARD_JWT_SECRET", RANDOM_LOOKING,
      "LANYARD_JWT_MAX_TTL", "12h",
      "LANYARD_BCRYPT_COST", "12",
      "LANYARD_PLUGIN_NAME", "Acme",
      "LANYARD_SMTP_HOST", "mail.example",
      "LANYARD_SMTP_PORT", "2525",
      "LANYARD_HTTP_ALLOWED_ORIGINS", "https://a.example, https://b.example"));

    assertThat(config.http().port()).isEqualTo(8080);
    assertThat(config.db().uri()).isEqualTo("postgresql://app@db:5433/sso");
    assertThat(config.jwt().secret().orElseThrow().reveal()).isEqualTo(RANDOM_LOOKING);
    assertThat(config.jwt().maxTtlMillis()).isEqualTo(43_200_000L);
    assertThat(config.security().bcryptCost()).isEqualTo(12);
    assertThat(config.pluginName()).isEqualTo("Acme");
    assertThat(config.smtp().host()).isEqualTo("mail.example");
    assertThat(config.smtp().port()).isEqualTo(2525);
    assertThat(config.http().allowedOrigins()).containsExactly("https://a.example", "https://b.example");
  }

  @Test
  void aFileOverlaysTheDefaultsAndTheEnvironmentOverlaysTheFile() throws Exception {
    Path file = Files.createTempFile("lanyard", ".json");
    Files.writeString(file, "{\"http\":{\"port\":9000,\"host\":\"127.0.0.1\"},\"security\":{\"bcryptCost\":11}}");

    LanyardConfig config = ConfigLoader.load(Optional.of(file), Map.of("LANYARD_BCRYPT_COST", "12"));

    assertThat(config.http().port()).isEqualTo(9000);
    assertThat(config.http().host()).isEqualTo("127.0.0.1");
    assertThat(config.http().bodyLimit()).isEqualTo(1_048_576);
    assertThat(config.security().bcryptCost()).isEqualTo(12);
  }

  @Test
  void theConfigFileMayComeFromTheEnvironment() throws Exception {
    Path file = Files.createTempFile("lanyard", ".json");
    Files.writeString(file, "{\"pluginName\":\"FromFile\"}");

    assertThat(ConfigLoader.load(Optional.empty(), Map.of("LANYARD_CONFIG", file.toString())).pluginName()).isEqualTo("FromFile");
  }

  @Test
  void thePublicUrlIsHttpsWithoutQueryAndKeptWithoutTrailingSlash() {
    LanyardConfig config = ConfigLoader.load(Optional.empty(), Map.of("LANYARD_PUBLIC_URL", "https://sso.fair.example/base/"));
    LanyardConfig local = ConfigLoader.load(Optional.empty(), Map.of("LANYARD_PUBLIC_URL", "http://localhost:7512"));

    assertThat(config.http().publicUrl()).contains("https://sso.fair.example/base");
    assertThat(local.http().publicUrl()).contains("http://localhost:7512");
    assertThat(ConfigLoader.load(Optional.empty(), Map.of()).http().publicUrl()).isEmpty();
    for (String bad : new String[] {"http://sso.fair.example", "sso.fair.example", "https://sso.fair.example/?a=1",
      "https://user@sso.fair.example", "https://sso.fair.example/#x", "ftp://sso.fair.example"}) {
      assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_PUBLIC_URL", bad)))
        .isInstanceOf(ConfigException.class).hasMessageContaining("http.publicUrl (LANYARD_PUBLIC_URL)");
    }
  }

  @Test
  void aMissingStylesheetStopsStartUp() {
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_PAGES_STYLESHEET", "/nowhere/fair.css")))
      .isInstanceOf(ConfigException.class).hasMessageContaining("http.pagesStylesheet (LANYARD_PAGES_STYLESHEET)");
  }

  @Test
  void badValuesNameTheSettingAndItsVariable() {
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_HTTP_PORT", "abc")))
      .isInstanceOf(ConfigException.class).hasMessageContaining("http.port (LANYARD_HTTP_PORT)").hasMessageContaining("\"abc\"");
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_HTTP_PORT", "70000")))
      .hasMessageContaining("LANYARD_HTTP_PORT");
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_BCRYPT_COST", "3")))
      .hasMessageContaining("LANYARD_BCRYPT_COST");
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_JWT_MAX_TTL", "forever")))
      .hasMessageContaining("LANYARD_JWT_MAX_TTL");
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_PLUGIN_NAME", "a/b")))
      .hasMessageContaining("LANYARD_PLUGIN_NAME");
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_DB_CREATE_DATABASE", "yes")))
      .hasMessageContaining("LANYARD_DB_CREATE_DATABASE");
  }

  @Test
  void shortJwtSecretIsRefusedWithoutPrintingIt() {
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_JWT_SECRET", "short-secret-value")))
      .isInstanceOf(ConfigException.class)
      .hasMessageContaining("LANYARD_JWT_SECRET")
      .hasMessageContaining("32 bytes")
      .satisfies(e -> assertThat(e.getMessage()).doesNotContain("short-secret-value"));
  }

  @Test
  void missingOrBrokenConfigFileIsNamed() throws Exception {
    Path broken = Files.createTempFile("lanyard", ".json");
    Files.writeString(broken, "{nope");

    assertThatThrownBy(() -> ConfigLoader.load(Optional.of(Path.of("/no/such/file.json")), Map.of()))
      .hasMessageContaining("/no/such/file.json");
    assertThatThrownBy(() -> ConfigLoader.load(Optional.of(broken), Map.of())).hasMessageContaining("not a JSON object");
  }

  @Test
  void secretsNeverPrintThemselves() {
    LanyardConfig config = ConfigLoader.load(Optional.empty(), Map.of("LANYARD_JWT_SECRET", RANDOM_LOOKING,
      "LANYARD_DB_PASSWORD", "hunter2-hunter2"));

    assertThat(config.toString()).doesNotContain(RANDOM_LOOKING).doesNotContain("hunter2");
  }

  @Test
  void bcryptCostBelowTenNeedsTheTestAllowance() {
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_BCRYPT_COST", "9")))
      .hasMessageContaining("security.bcryptCost (LANYARD_BCRYPT_COST): expected a whole number from 10 to 31");

    LanyardConfig allowed = ConfigLoader.load(Optional.empty(), Map.of("LANYARD_BCRYPT_COST", "4",
      "LANYARD_ALLOW_WEAK_BCRYPT_COST", "true"));

    assertThat(allowed.security().bcryptCost()).isEqualTo(4);
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_BCRYPT_COST", "3",
      "LANYARD_ALLOW_WEAK_BCRYPT_COST", "true"))).hasMessageContaining("LANYARD_BCRYPT_COST");
  }

  @Test
  void placeholderAndLowEntropyJwtSecretsAreRefusedWithoutPrintingThem() {
    for (String weak : new String[] {"changeme-changeme-changeme-changeme", "your-256-bit-secret-your-256-bit-secret",
      "a".repeat(40), "abcabcabcabcabcabcabcabcabcabcabcabc", "0123456701234567012345670123456701234567",
      "CHANGEME_please_set_a_real_secret_here_1234", "secret-secret-secret-secret-secret-secret", "ababababbabababaabababab0ab1"}) {
      assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_JWT_SECRET", weak)))
        .withFailMessage(weak).isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Invalid setting LANYARD_JWT_SECRET")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(weak));
    }
  }

  @Test
  void jwtSecretMayComeFromAFileWithoutItsTrailingLineBreak() throws Exception {
    Path file = Files.createTempFile("jwt", ".secret");
    Files.writeString(file, RANDOM_LOOKING + "\n");

    LanyardConfig config = ConfigLoader.load(Optional.empty(), Map.of("LANYARD_JWT_SECRET_FILE", file.toString()));

    assertThat(config.jwt().secret().orElseThrow().reveal()).isEqualTo(RANDOM_LOOKING);
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_JWT_SECRET_FILE", file.toString(),
      "LANYARD_JWT_SECRET", RANDOM_LOOKING))).hasMessageContaining("not both");
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_JWT_SECRET_FILE", "/no/such/secret")))
      .hasMessageContaining("LANYARD_JWT_SECRET_FILE");
  }

  @Test
  void databaseAndSmtpPasswordsMayComeFromFiles() throws Exception {
    Path db = Files.createTempFile("db", ".password");
    Path smtp = Files.createTempFile("smtp", ".password");
    Files.writeString(db, "db-pass\r\n");
    Files.writeString(smtp, "smtp-pass");

    LanyardConfig config = ConfigLoader.load(Optional.empty(), Map.of("LANYARD_DB_PASSWORD_FILE", db.toString(),
      "LANYARD_SMTP_PASSWORD_FILE", smtp.toString()));

    assertThat(config.db().password().orElseThrow().reveal()).isEqualTo("db-pass");
    assertThat(config.smtp().password().orElseThrow().reveal()).isEqualTo("smtp-pass");
  }

  @Test
  void theKeyOfTheKeptSecretIs32BytesOfBase64() {
    assertThat(ConfigLoader.load(Optional.empty(), Map.of("LANYARD_JWT_SECRET_KEY", "q3VnKq1m9w0bXo0vC1e2Hk7Zt4yR8pLs6aNdUf5gJiE="))
      .jwt().secretKey()).isPresent();
    for (String bad : new String[] {"not base64 at all!", "c2hvcnQ=", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}) {
      assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_JWT_SECRET_KEY", bad)))
        .withFailMessage(bad).hasMessageStartingWith("Invalid setting LANYARD_JWT_SECRET_KEY")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(bad));
    }
  }

  @Test
  void nullIsNeverAnAllowedOrigin() {
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_HTTP_ALLOWED_ORIGINS", "https://a.example,null")))
      .hasMessageContaining("http.allowedOrigins (LANYARD_HTTP_ALLOWED_ORIGINS)");
  }

  @Test
  void loadTestDomainsAndMailModeHaveSafeDefaultsAndAreChecked() {
    LanyardConfig defaults = ConfigLoader.load(Optional.empty(), Map.of());
    LanyardConfig staging = ConfigLoader.load(Optional.empty(), Map.of(
      "LANYARD_LOADTEST_DOMAINS", "LoadTest.invalid, perf.fair.example", "LANYARD_MAIL_MODE", "drop"));

    assertThat(defaults.loadTest().domains()).containsExactly("loadtest.invalid");
    assertThat(defaults.mail().mode()).isEqualTo(LanyardConfig.MailMode.SEND);
    assertThat(staging.loadTest().domains()).containsExactly("loadtest.invalid", "perf.fair.example");
    assertThat(staging.mail().mode()).isEqualTo(LanyardConfig.MailMode.DROP);
    assertThat(ConfigLoader.load(Optional.empty(), Map.of("LANYARD_LOADTEST_DOMAINS", "")).loadTest().domains()).isEmpty();
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_MAIL_MODE", "silent")))
      .hasMessageContaining("mail.mode (LANYARD_MAIL_MODE)").hasMessageContaining("send, log, drop");
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_LOADTEST_DOMAINS", "loadtest.invalid, @x")))
      .hasMessageContaining("loadTest.domains (LANYARD_LOADTEST_DOMAINS)");
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_LOADTEST_DOMAINS", "localhost")))
      .as("one label is no mail domain").hasMessageContaining("loadTest.domains");
  }
}
