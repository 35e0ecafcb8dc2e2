package io.lanyard.platform.config;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Builds the {@link LanyardConfig}: the defaults shipped in the jar ({@code conf/config.json}), overlaid by a config file, overlaid
 * by environment variables (env wins). Secrets come only from the environment.
 */
public final class ConfigLoader {

  /** Setting path → environment variable that overrides it, in the order of docs/configuration.md's table. */
  public static final Map<String, String> ENVIRONMENT = environmentNames();

  public static final String JWT_SECRET_ENV = JwtSettings.SECRET_ENV;
  public static final String JWT_SECRET_KEY_ENV = JwtSettings.SECRET_KEY_ENV;
  public static final String DB_PASSWORD_ENV = "LANYARD_DB_PASSWORD";
  public static final String SMTP_PASSWORD_ENV = "LANYARD_SMTP_PASSWORD";
  public static final String CONFIG_FILE_ENV = "LANYARD_CONFIG";

  /** The lowest bcrypt cost a deployment may run (OWASP's floor); lower only with security.allowWeakBcryptCost. */
  private static final int SAFE_BCRYPT_COST = 10;
  private static final int MIN_BCRYPT_COST = 4;
  private static final String DEFAULTS_RESOURCE = "conf/config.json";
  private static final Path WORKING_DIR_CONFIG = Path.of("conf", "config.json");

  private ConfigLoader() {
  }

  private static Map<String, String> environmentNames() {
    Map<String, String> names = new LinkedHashMap<>();
    names.put("pluginName", "LANYARD_PLUGIN_NAME");
    names.put("http.host", "LANYARD_HTTP_HOST");
    names.put("http.port", "LANYARD_HTTP_PORT");
    names.put("http.instances", "LANYARD_HTTP_INSTANCES");
    names.put("http.bodyLimit", "LANYARD_HTTP_BODY_LIMIT");
    names.put("http.maxNestingDepth", "LANYARD_HTTP_MAX_NESTING_DEPTH");
    names.put("http.allowedOrigins", "LANYARD_HTTP_ALLOWED_ORIGINS");
    names.put("http.shutdownTimeout", "LANYARD_HTTP_SHUTDOWN_TIMEOUT");
    names.put("http.trustedProxies", "LANYARD_HTTP_TRUSTED_PROXIES");
    names.put("http.readTimeout", "LANYARD_HTTP_READ_TIMEOUT");
    names.put("http.publicUrl", "LANYARD_PUBLIC_URL");
    names.put("http.pagesStylesheet", "LANYARD_PAGES_STYLESHEET");
    names.put("http.accessLog", "LANYARD_HTTP_ACCESS_LOG");
    names.put("http.slowRequest", "LANYARD_HTTP_SLOW_REQUEST");
    names.put("http.drainPeriod", "LANYARD_HTTP_DRAIN_PERIOD");
    names.put("db.uri", "LANYARD_DB_URI");
    names.put("db.createDatabase", "LANYARD_DB_CREATE_DATABASE");
    names.put("db.poolSize", "LANYARD_DB_POOL_SIZE");
    names.put("db.loginPoolSize", "LANYARD_DB_LOGIN_POOL_SIZE");
    names.put("db.backgroundPoolSize", "LANYARD_DB_BACKGROUND_POOL_SIZE");
    names.put("db.maxWaitQueue", "LANYARD_DB_MAX_WAIT_QUEUE");
    names.put("db.connectTimeout", "LANYARD_DB_CONNECT_TIMEOUT");
    names.put("db.queueBudget", "LANYARD_DB_QUEUE_BUDGET");
    names.put("db.readConnections", "LANYARD_DB_READ_CONNECTIONS");
    names.put("db.statementTimeout", "LANYARD_DB_STATEMENT_TIMEOUT");
    names.put("db.lockTimeout", "LANYARD_DB_LOCK_TIMEOUT");
    names.put("jwt.algorithm", "LANYARD_JWT_ALGORITHM");
    names.put("jwt.issuer", "LANYARD_JWT_ISSUER");
    names.put("jwt.defaultTtl", "LANYARD_JWT_DEFAULT_TTL");
    names.put("jwt.maxTtl", "LANYARD_JWT_MAX_TTL");
    names.put("jwt.leeway", "LANYARD_JWT_LEEWAY");
    names.put("jwt.audience", "LANYARD_JWT_AUDIENCE");
    names.put("security.bcryptCost", "LANYARD_BCRYPT_COST");
    names.put("security.hashThreads", "LANYARD_HASH_THREADS");
    names.put("security.hashQueueBudget", "LANYARD_HASH_QUEUE_BUDGET");
    names.put("security.allowWeakBcryptCost", "LANYARD_ALLOW_WEAK_BCRYPT_COST");
    names.put("security.lockout.failures", "LANYARD_LOCKOUT_FAILURES");
    names.put("security.lockout.wait", "LANYARD_LOCKOUT_WAIT");
    names.put("security.lockout.maxWait", "LANYARD_LOCKOUT_MAX_WAIT");
    names.put("security.lockout.window", "LANYARD_LOCKOUT_WINDOW");
    names.put("security.lockout.deviceMarkerTtl", "LANYARD_LOCKOUT_DEVICE_MARKER_TTL");
    names.put("security.sourceRate.credentials", "LANYARD_SOURCE_RATE_CREDENTIALS");
    names.put("security.sourceRate.mail", "LANYARD_SOURCE_RATE_MAIL");
    names.put("security.sourceAllowlist", "LANYARD_SOURCE_ALLOWLIST");
    names.put("security.maxSessionsPerUser", "LANYARD_MAX_SESSIONS_PER_USER");
    names.put("security.refreshRate", "LANYARD_REFRESH_RATE");
    names.put("security.emailChangeRate", "LANYARD_EMAIL_CHANGE_RATE");
    names.put("cache.refreshInterval", "LANYARD_CACHE_REFRESH_INTERVAL");
    names.put("smtp.host", "LANYARD_SMTP_HOST");
    names.put("smtp.port", "LANYARD_SMTP_PORT");
    names.put("smtp.tls", "LANYARD_SMTP_TLS");
    names.put("smtp.username", "LANYARD_SMTP_USERNAME");
    names.put("smtp.from", "LANYARD_MAIL_FROM");
    names.put("smtp.timeout", "LANYARD_SMTP_TIMEOUT");
    names.put("mail.pollInterval", "LANYARD_MAIL_POLL_INTERVAL");
    names.put("mail.batchSize", "LANYARD_MAIL_BATCH_SIZE");
    names.put("mail.maxAge", "LANYARD_MAIL_MAX_AGE");
    names.put("mail.retryBaseDelay", "LANYARD_MAIL_RETRY_BASE_DELAY");
    names.put("mail.retryMaxDelay", "LANYARD_MAIL_RETRY_MAX_DELAY");
    names.put("mail.messageIdDomain", "LANYARD_MAIL_MESSAGE_ID_DOMAIN");
    names.put("mail.builtinTemplates", "LANYARD_MAIL_BUILTIN_TEMPLATES");
    names.put("mail.mode", "LANYARD_MAIL_MODE");
    names.put("mail.perRecipient", "LANYARD_MAIL_PER_RECIPIENT");
    names.put("mail.maxSendRate", "LANYARD_MAIL_MAX_SEND_RATE");
    names.put("mail.yieldToRequests", "LANYARD_MAIL_YIELD_TO_REQUESTS");
    names.put("links.ttl", "LANYARD_LINK_TTL");
    names.put("links.resendInterval", "LANYARD_LINK_RESEND_INTERVAL");
    names.put("links.resetTtl", "LANYARD_LINK_RESET_TTL");
    names.put("links.emailTtl", "LANYARD_LINK_EMAIL_TTL");
    names.put("metrics.enabled", "LANYARD_METRICS_ENABLED");
    names.put("metrics.host", "LANYARD_METRICS_HOST");
    names.put("metrics.port", "LANYARD_METRICS_PORT");
    names.put("metrics.outboxInterval", "LANYARD_METRICS_OUTBOX_INTERVAL");
    names.put("webhooks.pollInterval", "LANYARD_WEBHOOK_POLL_INTERVAL");
    names.put("webhooks.batchSize", "LANYARD_WEBHOOK_BATCH_SIZE");
    names.put("webhooks.maxAttempts", "LANYARD_WEBHOOK_MAX_ATTEMPTS");
    names.put("webhooks.retryBaseDelay", "LANYARD_WEBHOOK_RETRY_BASE_DELAY");
    names.put("webhooks.retryMaxDelay", "LANYARD_WEBHOOK_RETRY_MAX_DELAY");
    names.put("webhooks.timeout", "LANYARD_WEBHOOK_TIMEOUT");
    names.put("webhooks.retention", "LANYARD_WEBHOOK_RETENTION");
    names.put("audit.retention", "LANYARD_AUDIT_RETENTION");
    names.put("audit.flushInterval", "LANYARD_AUDIT_FLUSH_INTERVAL");
    names.put("audit.queueSize", "LANYARD_AUDIT_QUEUE_SIZE");
    names.put("audit.floodThreshold", "LANYARD_AUDIT_FLOOD_THRESHOLD");
    names.put("captcha.provider", "LANYARD_CAPTCHA_PROVIDER");
    names.put("captcha.verifyUrl", "LANYARD_CAPTCHA_VERIFY_URL");
    names.put("captcha.siteKey", "LANYARD_CAPTCHA_SITE_KEY");
    names.put("captcha.timeout", "LANYARD_CAPTCHA_TIMEOUT");
    names.put("loadTest.domains", "LANYARD_LOADTEST_DOMAINS");
    names.put("oidc.codeTtl", "LANYARD_OIDC_CODE_TTL");
    names.put("oidc.accessTokenTtl", "LANYARD_OIDC_ACCESS_TOKEN_TTL");
    names.put("oidc.refreshTokenTtl", "LANYARD_OIDC_REFRESH_TOKEN_TTL");
    names.put("oidc.refreshReuseGrace", "LANYARD_OIDC_REFRESH_REUSE_GRACE");
    names.put("oidc.sessionIdle", "LANYARD_OIDC_SESSION_IDLE");
    names.put("oidc.sessionMax", "LANYARD_OIDC_SESSION_MAX");
    return Collections.unmodifiableMap(names);
  }

  /**
   * @param explicitFile the file of {@code -conf}, if given (else {@code LANYARD_CONFIG}, else {@code ./conf/config.json} if present)
   * @param env the process environment (a map, so tests pass their own)
   */
  public static LanyardConfig load(Optional<Path> explicitFile, Map<String, String> env) {
    JsonObject merged = readDefaults();
    Optional<Path> file = explicitFile.or(() -> Optional.ofNullable(env.get(CONFIG_FILE_ENV)).filter(s -> !s.isBlank()).map(Path::of));
    if (file.isPresent()) {
      merge(merged, readFile(file.get()));
    } else if (Files.isRegularFile(WORKING_DIR_CONFIG)) {
      merge(merged, readFile(WORKING_DIR_CONFIG));
    }
    ENVIRONMENT.forEach((path, name) -> {
      String value = env.get(name);
      if (value != null) {
        put(merged, path, value);
      }
    });
    return read(new ConfigReader(merged, ENVIRONMENT), env);
  }

  private static LanyardConfig read(ConfigReader settings, Map<String, String> env) {
    return new LanyardConfig(
      settings.identifier("pluginName"),
      new LanyardConfig.Http(
        settings.text("http.host"),
        settings.integer("http.port", 0, 65535),
        settings.integer("http.instances", 0, 256),
        settings.integer("http.bodyLimit", 1024, Integer.MAX_VALUE),
        settings.integer("http.maxNestingDepth", 2, 1000),
        settings.origins("http.allowedOrigins"),
        settings.duration("http.shutdownTimeout"),
        settings.addressRanges("http.trustedProxies"),
        settings.duration("http.readTimeout"),
        settings.publicUrl("http.publicUrl"),
        settings.readableFile("http.pagesStylesheet"),
        settings.oneOf("http.accessLog", "all", "errors-and-slow", "off"),
        settings.duration("http.slowRequest"),
        settings.duration("http.drainPeriod")),
      new LanyardConfig.Db(
        settings.text("db.uri"),
        Secrets.secret(env, DB_PASSWORD_ENV),
        settings.flag("db.createDatabase"),
        settings.integer("db.poolSize", 1, 1000),
        settings.integer("db.loginPoolSize", 1, 1000),
        settings.integer("db.backgroundPoolSize", 1, 1000),
        settings.integer("db.maxWaitQueue", 1, 1_000_000),
        settings.duration("db.connectTimeout"),
        settings.duration("db.queueBudget"),
        settings.integer("db.readConnections", 1, 64),
        settings.duration("db.statementTimeout"),
        settings.duration("db.lockTimeout")),
      JwtSettings.read(settings, env),
      security(settings),
      new LanyardConfig.Cache(settings.duration("cache.refreshInterval")),
      new LanyardConfig.Smtp(
        settings.text("smtp.host"),
        settings.integer("smtp.port", 1, 65535),
        settings.oneOf("smtp.tls", "none", "starttls", "tls"),
        settings.optionalText("smtp.username"),
        Secrets.secret(env, SMTP_PASSWORD_ENV),
        settings.text("smtp.from"),
        settings.duration("smtp.timeout")),
      new LanyardConfig.Mail(
        settings.duration("mail.pollInterval"),
        settings.integer("mail.batchSize", 1, 1000),
        settings.duration("mail.maxAge"),
        settings.duration("mail.retryBaseDelay"),
        settings.duration("mail.retryMaxDelay"),
        settings.text("mail.messageIdDomain"),
        settings.flag("mail.builtinTemplates"),
        LanyardConfig.MailMode.valueOf(settings.oneOf("mail.mode", "send", "log", "drop").toUpperCase(Locale.ROOT)),
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
        settings.integer("metrics.port", 0, 65535),
        settings.duration("metrics.outboxInterval")),
      new LanyardConfig.Webhooks(
        settings.duration("webhooks.pollInterval"),
        settings.integer("webhooks.batchSize", 1, 1000),
        settings.integer("webhooks.maxAttempts", 1, 100),
        settings.duration("webhooks.retryBaseDelay"),
        settings.duration("webhooks.retryMaxDelay"),
        settings.duration("webhooks.timeout"),
        settings.duration("webhooks.retention")),
      new LanyardConfig.Audit(
        settings.duration("audit.retention"),
        settings.duration("audit.flushInterval"),
        settings.integer("audit.queueSize", 100, 10_000_000),
        settings.integer("audit.floodThreshold", 1, 1_000_000)),
      new LanyardConfig.LoadTest(settings.domains("loadTest.domains")),
      CaptchaSettings.read(settings, env),
      oidc(settings));
  }

  /** A code lives at most 60 s (RFC 9700 §4.2.1: short-lived); an SSO session's idle limit within its absolute one. */
  private static LanyardConfig.Oidc oidc(ConfigReader settings) {
    LanyardConfig.Oidc oidc = new LanyardConfig.Oidc(settings.duration("oidc.codeTtl"), settings.duration("oidc.accessTokenTtl"),
      settings.duration("oidc.refreshTokenTtl"), settings.duration("oidc.refreshReuseGrace"), settings.duration("oidc.sessionIdle"),
      settings.duration("oidc.sessionMax"));
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
    return oidc;
  }

  /** bcrypt below cost 10 is fast enough to brute-force leaked hashes: only a test or benchmark says it wants that. */
  private static LanyardConfig.Security security(ConfigReader settings) {
    boolean allowWeak = settings.flag("security.allowWeakBcryptCost");
    int cost = settings.integer("security.bcryptCost", allowWeak ? MIN_BCRYPT_COST : SAFE_BCRYPT_COST, 31);
    return new LanyardConfig.Security(cost, settings.integer("security.hashThreads", 0, 256),
      settings.duration("security.hashQueueBudget"), allowWeak,
      settings.addressRanges("security.sourceAllowlist"),
      lockout(settings),
      new LanyardConfig.SourceRates(settings.rate("security.sourceRate.credentials"), settings.rate("security.sourceRate.mail")),
      settings.integer("security.maxSessionsPerUser", 1, 10_000),
      settings.rate("security.refreshRate"), settings.rate("security.emailChangeRate"));
  }

  private static LanyardConfig.Lockout lockout(ConfigReader settings) {
    LanyardConfig.Lockout lockout = new LanyardConfig.Lockout(settings.integer("security.lockout.failures", 0, 1_000_000),
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

  private static JsonObject readDefaults() {
    try (InputStream in = ConfigLoader.class.getClassLoader().getResourceAsStream(DEFAULTS_RESOURCE)) {
      if (in == null) {
        throw new ConfigException("The defaults " + DEFAULTS_RESOURCE + " are missing from the classpath");
      }
      return new JsonObject(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new ConfigException("Cannot read the defaults " + DEFAULTS_RESOURCE + ": " + e.getMessage(), e);
    }
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

  private static void put(JsonObject root, String path, String value) {
    String[] keys = path.split("\\.");
    JsonObject node = root;
    for (int i = 0; i < keys.length - 1; i++) {
      JsonObject child = node.getJsonObject(keys[i]);
      if (child == null) {
        child = new JsonObject();
        node.put(keys[i], child);
      }
      node = child;
    }
    node.put(keys[keys.length - 1], value);
  }
}
