package io.lanyard.platform.config;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Builds the {@link LanyardConfig}: the defaults shipped in the jar ({@code conf/config.json}), overlaid by a config file, overlaid
 * by environment variables (env wins). Secrets come only from the environment.
 */
public final class ConfigLoader {

  /** Setting path → environment variable that overrides it. */
  private static final Map<String, String> ENVIRONMENT = Settings.ALL.stream().filter(setting -> setting.path().isPresent())
    .collect(Collectors.toUnmodifiableMap(setting -> setting.path().get(), Setting::environment));

  public static final String JWT_SECRET_ENV = JwtSettings.SECRET_ENV;
  public static final String JWT_SECRET_KEY_ENV = JwtSettings.SECRET_KEY_ENV;
  public static final String DB_PASSWORD_ENV = "LANYARD_DB_PASSWORD";
  public static final String SMTP_PASSWORD_ENV = "LANYARD_SMTP_PASSWORD";
  public static final String CONFIG_FILE_ENV = "LANYARD_CONFIG";

  /** The lowest bcrypt cost a deployment may run (OWASP's floor); lower only with security.allowWeakBcryptCost. */
  private static final int SAFE_BCRYPT_COST = 10;
  private static final Path WORKING_DIR_CONFIG = Path.of("conf", "config.json");

  private ConfigLoader() {
  }

  /**
   * @param explicitFile the file of {@code -conf}, if given (else {@code LANYARD_CONFIG}, else {@code ./conf/config.json} if present)
   * @param env the process environment (a map, so tests pass their own)
   */
  public static LanyardConfig load(Optional<Path> explicitFile, Map<String, String> env) {
    JsonObject merged = SettingsReference.defaults();
    Optional<Path> file = explicitFile.or(() -> Optional.ofNullable(env.get(CONFIG_FILE_ENV)).filter(s -> !s.isBlank()).map(Path::of));
    if (file.isPresent()) {
      merge(merged, readFile(file.get()));
    } else if (Files.isRegularFile(WORKING_DIR_CONFIG)) {
      merge(merged, readFile(WORKING_DIR_CONFIG));
    }
    ENVIRONMENT.forEach((path, name) -> {
      String value = env.get(name);
      if (value != null) {
        SettingsReference.put(merged, path, value);
      }
    });
    return read(new ConfigReader(merged), env);
  }

  /** Package-private so that SettingsReferenceTest can see which declared settings the loader reads. */
  static LanyardConfig read(ConfigReader settings, Map<String, String> env) {
    LanyardConfig config = new LanyardConfig(
      settings.identifier("pluginName"),
      new LanyardConfig.Http(
        settings.text("http.host"),
        settings.integer("http.port"),
        settings.integer("http.instances"),
        settings.integer("http.bodyLimit"),
        settings.integer("http.maxNestingDepth"),
        settings.origins("http.allowedOrigins"),
        settings.duration("http.shutdownTimeout"),
        settings.addressRanges("http.trustedProxies"),
        settings.duration("http.readTimeout"),
        settings.publicUrl("http.publicUrl"),
        settings.readableFile("http.pagesStylesheet"),
        settings.oneOf("http.accessLog"),
        settings.duration("http.slowRequest"),
        settings.duration("http.drainPeriod")),
      new LanyardConfig.Db(
        settings.text("db.uri"),
        Secrets.secret(env, DB_PASSWORD_ENV),
        settings.flag("db.createDatabase"),
        settings.integer("db.poolSize"),
        settings.integer("db.loginPoolSize"),
        settings.integer("db.backgroundPoolSize"),
        settings.integer("db.maxWaitQueue"),
        settings.duration("db.connectTimeout"),
        settings.duration("db.queueBudget"),
        settings.integer("db.readConnections"),
        settings.duration("db.statementTimeout"),
        settings.duration("db.lockTimeout"),
        settings.duration("db.idleInTransactionTimeout")),
      JwtSettings.read(settings, env),
      security(settings),
      new LanyardConfig.Cache(settings.duration("cache.refreshInterval")),
      new LanyardConfig.Smtp(
        settings.text("smtp.host"),
        settings.integer("smtp.port"),
        settings.oneOf("smtp.tls"),
        settings.optionalText("smtp.username"),
        Secrets.secret(env, SMTP_PASSWORD_ENV),
        settings.text("smtp.from"),
        settings.duration("smtp.timeout")),
      new LanyardConfig.Mail(
        settings.duration("mail.pollInterval"),
        settings.integer("mail.batchSize"),
        settings.duration("mail.maxAge"),
        settings.duration("mail.retryBaseDelay"),
        settings.duration("mail.retryMaxDelay"),
        settings.text("mail.messageIdDomain"),
        settings.flag("mail.builtinTemplates"),
        LanyardConfig.MailMode.valueOf(settings.oneOf("mail.mode").toUpperCase(Locale.ROOT)),
        settings.rate("mail.perRecipient"),
        settings.rate("mail.maxSendRate"),
        settings.durationOrOff("mail.yieldToRequests")),
      new LanyardConfig.Links(
        settings.duration("links.ttl"),
        settings.duration("links.resendInterval"),
        settings.duration("links.resetTtl"),
        settings.duration("links.emailTtl")),
      new LanyardConfig.Metrics(
        settings.flag("metrics.enabled"),
        settings.text("metrics.host"),
        settings.integer("metrics.port"),
        settings.duration("metrics.outboxInterval"),
        settings.duration("metrics.boardInterval")),
      new LanyardConfig.Webhooks(
        settings.duration("webhooks.pollInterval"),
        settings.integer("webhooks.batchSize"),
        settings.integer("webhooks.maxAttempts"),
        settings.duration("webhooks.retryBaseDelay"),
        settings.duration("webhooks.retryMaxDelay"),
        settings.duration("webhooks.timeout"),
        settings.duration("webhooks.retention")),
      new LanyardConfig.Audit(
        settings.duration("audit.retention"),
        settings.duration("audit.flushInterval"),
        settings.integer("audit.queueSize"),
        settings.integer("audit.floodThreshold")),
      new LanyardConfig.LoadTest(settings.domains("loadTest.domains")),
      CaptchaSettings.read(settings, env),
      oidc(settings),
      console(settings));
    RiskySettings.refuse(config);
    return config;
  }

  private static LanyardConfig.Console console(ConfigReader settings) {
    Duration ttl = settings.duration("console.sessionTtl");
    if (ttl.compareTo(Duration.ofMinutes(1)) < 0 || ttl.compareTo(Duration.ofHours(12)) > 0) {
      throw new ConfigException("Invalid setting console.sessionTtl (LANYARD_CONSOLE_SESSION_TTL): from 1m to 12h");
    }
    return new LanyardConfig.Console(ttl);
  }

  /** A code lives at most 60 s (RFC 9700 §4.2.1: short-lived); an SSO session's idle limit within its absolute one. */
  private static LanyardConfig.Oidc oidc(ConfigReader settings) {
    LanyardConfig.Oidc oidc = new LanyardConfig.Oidc(settings.duration("oidc.codeTtl"), settings.duration("oidc.accessTokenTtl"),
      settings.duration("oidc.refreshTokenTtl"), settings.duration("oidc.refreshReuseGrace"), settings.duration("oidc.sessionIdle"),
      settings.duration("oidc.sessionMax"), settings.duration("oidc.signupReturnTtl"));
    if (oidc.codeTtl().isZero() || oidc.codeTtl().compareTo(java.time.Duration.ofSeconds(60)) > 0) {
      throw new ConfigException("Invalid setting oidc.codeTtl (LANYARD_OIDC_CODE_TTL): from 1s to 60s");
    }
    if (oidc.refreshReuseGrace().compareTo(java.time.Duration.ofSeconds(60)) > 0) {
      throw new ConfigException("Invalid setting oidc.refreshReuseGrace (LANYARD_OIDC_REFRESH_REUSE_GRACE): at most 60s");
    }
    if (oidc.sessionIdle().compareTo(oidc.sessionMax()) > 0) {
      throw new ConfigException("Invalid setting oidc.sessionIdle (LANYARD_OIDC_SESSION_IDLE): at most oidc.sessionMax "
        + "(LANYARD_OIDC_SESSION_MAX)");
    }
    if (oidc.signupReturnTtl().compareTo(java.time.Duration.ofMinutes(1)) < 0) {
      throw new ConfigException("Invalid setting oidc.signupReturnTtl (LANYARD_OIDC_SIGNUP_RETURN_TTL): at least 1m");
    }
    return oidc;
  }

  /** bcrypt below cost 10 is fast enough to brute-force leaked hashes: only a test or benchmark says it wants that. */
  private static LanyardConfig.Security security(ConfigReader settings) {
    boolean allowWeak = settings.flag("security.allowWeakBcryptCost");
    int cost = settings.integer("security.bcryptCost");
    if (cost < SAFE_BCRYPT_COST && !allowWeak) {
      throw new ConfigException("Invalid setting security.bcryptCost (LANYARD_BCRYPT_COST): expected a whole number from "
        + SAFE_BCRYPT_COST + " to 31 (lower only with security.allowWeakBcryptCost), got \"" + cost + "\"");
    }
    return new LanyardConfig.Security(cost, settings.integer("security.hashThreads"),
      settings.duration("security.hashQueueBudget"), allowWeak,
      settings.addressRanges("security.sourceAllowlist"),
      lockout(settings), suspect(settings),
      new LanyardConfig.SourceRates(settings.rate("security.sourceRate.credentials"), settings.rate("security.sourceRate.mail")),
      settings.integer("security.maxSessionsPerUser"),
      settings.rate("security.refreshRate"), settings.rate("security.emailChangeRate"));
  }

  private static LanyardConfig.Lockout lockout(ConfigReader settings) {
    LanyardConfig.Lockout lockout = new LanyardConfig.Lockout(settings.integer("security.lockout.failures"),
      settings.duration("security.lockout.wait"), settings.duration("security.lockout.maxWait"),
      settings.duration("security.lockout.window"), settings.duration("security.lockout.deviceMarkerTtl"));
    if (lockout.deviceMarkerTtl().isZero() || lockout.deviceMarkerTtl().compareTo(java.time.Duration.ofDays(400)) > 0) {
      throw new ConfigException("Invalid setting security.lockout.deviceMarkerTtl (LANYARD_LOCKOUT_DEVICE_MARKER_TTL): "
        + "between 1s and 400d");
    }
    if (lockout.maxWait().compareTo(lockout.firstWait()) < 0) {
      throw new ConfigException("Invalid setting security.lockout.maxWait (LANYARD_LOCKOUT_MAX_WAIT): it must be at least "
        + "security.lockout.wait (LANYARD_LOCKOUT_WAIT)");
    }
    return lockout;
  }

  private static LanyardConfig.Suspect suspect(ConfigReader settings) {
    LanyardConfig.Suspect suspect = new LanyardConfig.Suspect(settings.integer("security.suspect.failures"),
      settings.duration("security.suspect.window"));
    if (suspect.window().compareTo(java.time.Duration.ofMinutes(1)) < 0
      || suspect.window().compareTo(java.time.Duration.ofHours(24)) > 0) {
      throw new ConfigException("Invalid setting security.suspect.window (LANYARD_SUSPECT_WINDOW): between 1m and 24h");
    }
    return suspect;
  }

  private static JsonObject readFile(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new ConfigException("The config file " + file + " does not exist or is not a file");
    }
    try {
      return new JsonObject(Files.readString(file));
    } catch (IOException e) {
      throw new ConfigException("Cannot read the config file " + file + ": " + e.getMessage(), e);
    } catch (DecodeException | ClassCastException e) {
      throw new ConfigException("The config file " + file + " is not a JSON object");
    }
  }

  /** Deep merge: objects merge key by key, anything else replaces. */
  private static void merge(JsonObject target, JsonObject overlay) {
    for (String key : overlay.fieldNames()) {
      Object value = overlay.getValue(key);
      if (value instanceof JsonObject nested && target.getValue(key) instanceof JsonObject existing) {
        merge(existing, nested);
      } else {
        target.put(key, value);
      }
    }
  }
}
