package io.lanyard.config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Every setting of the service, read once at start by {@link ConfigLoader} and passed through constructors. */
public record LanyardConfig(String pluginName, Http http, Db db, Jwt jwt, Security security, Cache cache, Smtp smtp, Mail mail,
                            Links links, Metrics metrics) {

  /** @param instances HTTP verticle instances; 0 means one per core */
  public record Http(String host, int port, int instances, long bodyLimit, int maxNestingDepth,
                     List<String> allowedOrigins, Duration shutdownTimeout) {

    public boolean allowsAnyOrigin() {
      return allowedOrigins.contains("*");
    }
  }

  public record Db(String uri, Optional<Secret> password, boolean createDatabase, int poolSize, int maxWaitQueue,
                   Duration connectTimeout) {
  }

  /** @param maxTtlMillis the longest token lifetime, or -1 when there is no limit */
  public record Jwt(String algorithm, Optional<Secret> secret, String issuer, long defaultTtlMillis, long maxTtlMillis) {

    public boolean hasMaxTtl() {
      return maxTtlMillis >= 0;
    }
  }

  /** @param hashThreads worker threads that run bcrypt; 0 means one per core */
  public record Security(int bcryptCost, int hashThreads) {
  }

  /** @param refreshInterval how often in-memory copies reload when no change notification arrives */
  public record Cache(Duration refreshInterval) {
  }

  /** @param tls {@code none}, {@code starttls} (required) or {@code tls} (implicit TLS, usually port 465) */
  public record Smtp(String host, int port, String tls, Optional<String> username, Optional<Secret> password, String from) {
  }

  /**
   * Outbox delivery: a due mail is tried, then retried after {@code retryBaseDelay}, doubling up to {@code retryMaxDelay}, until
   * {@code maxAttempts} attempts have failed; it is then {@code dead}.
   */
  public record Mail(Duration pollInterval, int batchSize, int maxAttempts, Duration retryBaseDelay, Duration retryMaxDelay,
                     String messageIdDomain) {
  }

  /** @param resendInterval the least time between two link mails to one address */
  public record Links(Duration ttl, Duration resendInterval) {
  }

  /**
   * @param port the port of {@code GET /metrics}; 0 serves it on the API port instead
   * @param outboxInterval how often the outbox gauges are read from the database
   */
  public record Metrics(boolean enabled, String host, int port, Duration outboxInterval) {

    public boolean onApiPort() {
      return port == 0;
    }
  }
}
