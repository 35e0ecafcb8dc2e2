package io.lanyard.testing;

import io.lanyard.boot.Lanyard;
import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.platform.config.LanyardConfig;
import io.vertx.core.Vertx;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static io.lanyard.testing.Await.await;

/**
 * The service as production starts it ({@link Lanyard#start}), with its config built by the production loader from a test
 * environment: port 0, the run's database, bcrypt cost 4.
 */
public final class TestApp implements AutoCloseable {

  public static final String JWT_SECRET = "integration-tests-secret-0123456789abcdef";
  /** The key of a generated secret, for the services a test starts without {@code LANYARD_JWT_SECRET}. */
  public static final String JWT_SECRET_KEY = "q3VnKq1m9w0bXo0vC1e2Hk7Zt4yR8pLs6aNdUf5gJiE=";

  private static TestApp shared;

  private final Vertx vertx;
  private final Lanyard lanyard;
  private final LanyardConfig config;
  private final Http http;

  private TestApp(Vertx vertx, Lanyard lanyard, LanyardConfig config) {
    this.vertx = vertx;
    this.lanyard = lanyard;
    this.config = config;
    this.http = new Http(vertx, lanyard.port());
  }

  /** One service for the whole run, for tests that need nothing special. */
  public static synchronized TestApp shared() {
    if (shared == null) {
      shared = start(Map.of());
      Runtime.getRuntime().addShutdownHook(new Thread(shared::close));
    }
    return shared;
  }

  /** A service of its own; {@code overrides} are environment variables (a null value removes one of the defaults). */
  public static TestApp start(Map<String, String> overrides) {
    Map<String, String> env = environment(overrides);
    LanyardConfig config = ConfigLoader.load(Optional.empty(), env);
    Vertx vertx = Lanyard.createVertx(config.metrics());
    try {
      return new TestApp(vertx, await(Lanyard.start(vertx, config), 60), config);
    } catch (RuntimeException e) {
      await(vertx.close());
      throw e;
    }
  }

  /** The test environment: what {@link #start} runs with before overrides. */
  public static Map<String, String> environment(Map<String, String> overrides) {
    Map<String, String> env = new HashMap<>();
    env.put("LANYARD_HTTP_PORT", "0");
    env.put("LANYARD_HTTP_INSTANCES", "2");
    env.put("LANYARD_DB_URI", TestDb.get().uri());
    env.put("LANYARD_DB_CREATE_DATABASE", "false");
    env.put("LANYARD_BCRYPT_COST", "4");
    env.put("LANYARD_ALLOW_WEAK_BCRYPT_COST", "true");
    env.put("LANYARD_HASH_THREADS", "2");
    env.put("LANYARD_JWT_SECRET", JWT_SECRET);
    env.put("LANYARD_JWT_SECRET_KEY", JWT_SECRET_KEY);
    env.put("LANYARD_CACHE_REFRESH_INTERVAL", "1s");
    env.put("LANYARD_HTTP_SHUTDOWN_TIMEOUT", "2s");
    env.put("LANYARD_SMTP_HOST", "127.0.0.1");
    env.put("LANYARD_SMTP_PORT", Integer.toString(Smtp.shared().port()));
    env.put("LANYARD_MAIL_FROM", "Fair Accounts <accounts@fair.example>");
    env.put("LANYARD_MAIL_POLL_INTERVAL", "200ms");
    env.put("LANYARD_MAIL_RETRY_BASE_DELAY", "200ms");
    env.put("LANYARD_MAIL_RETRY_MAX_DELAY", "1s");
    env.put("LANYARD_SMTP_TIMEOUT", "5s");
    // metrics on the API port, at /metrics, so tests scrape them with the same client (and the same OpenAPI check)
    env.put("LANYARD_METRICS_PORT", "0");
    env.put("LANYARD_METRICS_OUTBOX_INTERVAL", "200ms");
    // webhooks retried quickly and long before they are dead; the audit trail written within a tenth of a second
    env.put("LANYARD_WEBHOOK_POLL_INTERVAL", "200ms");
    env.put("LANYARD_WEBHOOK_RETRY_BASE_DELAY", "100ms");
    env.put("LANYARD_WEBHOOK_RETRY_MAX_DELAY", "400ms");
    env.put("LANYARD_WEBHOOK_MAX_ATTEMPTS", "60");
    env.put("LANYARD_WEBHOOK_TIMEOUT", "2s");
    env.put("LANYARD_AUDIT_FLUSH_INTERVAL", "100ms");
    // every test calls from 127.0.0.1: folding refusals per source would hide the ones a test looks for (AuditTrailIT sets it)
    env.put("LANYARD_AUDIT_FLOOD_THRESHOLD", "1000000");
    // nor may one test's requests spend the per-source budget of the next: the tests of those limits start a service whose
    // sources come through a trusted proxy (X-Forwarded-For), outside this list
    env.put("LANYARD_SOURCE_ALLOWLIST", "127.0.0.1,::1");
    overrides.forEach((name, value) -> {
      if (value == null) {
        env.remove(name);
      } else {
        env.put(name, value);
      }
    });
    return env;
  }

  public Http http() {
    return http;
  }

  /**
   * A client of its own that keeps up to {@code connections} requests in flight at once, for tests that need that many to
   * reach the service together (the shared client sends 5 at a time and queues the rest).
   */
  public Http http(int connections) {
    return new Http(vertx, lanyard.port(), connections);
  }

  /**
   * A client whose connections come from {@code localAddress}, a loopback address of its own ({@code 127.0.0.2} and up): the
   * service sees a source of its own for it, with no proxy trusted.
   */
  public Http httpFrom(String localAddress) {
    return new Http(vertx, lanyard.port(), localAddress);
  }

  public Lanyard lanyard() {
    return lanyard;
  }

  public LanyardConfig config() {
    return config;
  }

  public Vertx vertx() {
    return vertx;
  }

  /** Makes the service see what a test just wrote behind its back (applications, templates), as a NOTIFY would. */
  public void reloadCaches() {
    await(lanyard.reloadCaches());
  }

  public int port() {
    return lanyard.port();
  }

  @Override
  public void close() {
    await(lanyard.stop());
    await(vertx.close());
  }
}
