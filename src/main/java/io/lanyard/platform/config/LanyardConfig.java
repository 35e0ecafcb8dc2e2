package io.lanyard.platform.config;

import io.lanyard.platform.support.AddressRanges;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Every setting of the service, read once at start by {@link ConfigLoader} and passed through constructors. */
public record LanyardConfig(String pluginName, Http http, Db db, Jwt jwt, Security security, Cache cache, Smtp smtp, Mail mail,
                            Links links, Metrics metrics, Webhooks webhooks, Audit audit, LoadTest loadTest, Captcha captcha,
                            Oidc oidc, Console console) {

  /**
   * @param instances HTTP verticle instances; 0 means one per core
   * @param trustedProxies peers whose {@code X-Forwarded-For} is believed (docs/decisions.md §7)
   * @param readTimeout the longest a request may take to arrive whole, headers and body, from its first byte
   * @param publicUrl the service's address as people reach it, without a trailing slash: the base of hosted-page links (§9)
   * @param pagesStylesheet a stylesheet served instead of the hosted pages' own
   * @param drainPeriod how long a stopping instance keeps serving while its readiness fails, so load balancers see it go
   */
  public record Http(String host, int port, int instances, long bodyLimit, int maxNestingDepth,
                     List<String> allowedOrigins, Duration shutdownTimeout, AddressRanges trustedProxies,
                     Duration readTimeout, Optional<String> publicUrl, Optional<Path> pagesStylesheet, String accessLog,
                     Duration slowRequest, Duration drainPeriod) {
  }

  /**
   * @param poolSize connections of the pool of API requests other than logins
   * @param loginPoolSize connections of the logins' own pool (login, token routes, the caller's account)
   * @param backgroundPoolSize connections of the pool of background work (mail delivery, cache reloads, gauges)
   * @param queueBudget the longest a request waits for a pooled connection before it is refused with a 503
   * @param readConnections connections of each event loop's pipelined client for single statements (PipelinedReads)
   * @param statementTimeout the longest any statement of the service may run ({@code statement_timeout})
   * @param lockTimeout the longest any statement may wait for a lock ({@code lock_timeout})
   * @param idleInTransactionTimeout the longest a transaction of the service may wait for its client
   *   ({@code idle_in_transaction_session_timeout})
   */
  public record Db(String uri, Optional<Secret> password, boolean createDatabase, int poolSize, int loginPoolSize,
                   int backgroundPoolSize, int maxWaitQueue, Duration connectTimeout, Duration queueBudget,
                   int readConnections, Duration statementTimeout, Duration lockTimeout,
                   Duration idleInTransactionTimeout) {
  }

  /**
   * @param secret the HMAC secret (HS256)
   * @param maxTtlMillis the longest token lifetime, or -1 when there is no limit
   * @param signingKey the key pair that signs (ES256, RS256)
   * @param secondaryKey a second key that verifies and is published, not signing: the other half of a key rotation
   * @param secretKey the AES key (base64) that encrypts the HS256 secret generated and kept in the database
   * @param leeway how far in the future a token's {@code nbf} or {@code iat} may lie (clocks of instances differ a little)
   * @param audience the {@code aud} every token is issued with and must carry, when set
   */
  public record Jwt(String algorithm, Optional<Secret> secret, String issuer, long defaultTtlMillis, long maxTtlMillis,
                    Optional<KeyPem> signingKey, Optional<KeyPem> secondaryKey, Optional<Secret> secretKey, Duration leeway,
                    Optional<String> audience) {

    public boolean hasMaxTtl() {
      return maxTtlMillis >= 0;
    }

    public boolean isAsymmetric() {
      return signingKey.isPresent();
    }
  }

  /** PEM key material and where it came from (the variable to name when it is wrong). */
  public record KeyPem(String source, Secret pem) {
  }

  /**
   * @param hashThreads worker threads that run bcrypt; 0 means one per core
   * @param hashQueueBudget the longest a login, creation or activation may be expected to wait for bcrypt before it is refused
   * @param allowWeakBcryptCost true lets {@code bcryptCost} go below 10: for tests and benchmarks only
   * @param sourceAllowlist sources that skip the per-source limits (a venue's network, a partner's back end) and are never
   *   suspect
   * @param maxSessionsPerUser live tokens a user may hold; a new one past it revokes the oldest
   * @param refreshRate refreshes per user; empty is no limit
   * @param emailChangeRate requestEmailChange per account (each may send a mail to an address of the caller's choice);
   *   empty is no limit
   */
  public record Security(int bcryptCost, int hashThreads, Duration hashQueueBudget, boolean allowWeakBcryptCost,
                         AddressRanges sourceAllowlist, Lockout lockout, Suspect suspect, SourceRates sourceRates,
                         int maxSessionsPerUser,
                         Optional<Rate> refreshRate, Optional<Rate> emailChangeRate) {
  }

  /**
   * The per-identifier lockout (docs/decisions.md §7): after {@code failures} consecutive failures an identifier is locked for
   * {@code firstWait}, doubled at each further failure up to {@code maxWait}; failures older than {@code window} are forgotten.
   *
   * @param failures 0 turns the lockout off
   * @param deviceMarkerTtl how long the device marker a successful sign-in leaves stays good (docs/security.md#device-markers)
   */
  public record Lockout(int failures, Duration firstWait, Duration maxWait, Duration window, Duration deviceMarkerTtl) {

    public boolean isOn() {
      return failures > 0;
    }
  }

  /**
   * Source reputation (docs/security.md#suspect-sources), per instance: a source whose password checks failed {@code failures}
   * times within {@code window}, with no success since, is suspect, and its hashes get a smaller part of the queue.
   *
   * @param failures 0: no source is ever suspect
   */
  public record Suspect(int failures, Duration window) {
  }

  /**
   * Per-source token buckets (docs/decisions.md §7), per instance; empty is no limit.
   *
   * @param credentials login, createWithPassword, activate, resetPassword and the routes that check a current password
   * @param mail create and requestPasswordReset: the routes that send mail to an address anyone may type
   */
  public record SourceRates(Optional<Rate> credentials, Optional<Rate> mail) {
  }

  /** @param refreshInterval how often in-memory copies reload when no change notification arrives */
  public record Cache(Duration refreshInterval) {
  }

  /**
   * @param tls {@code none}, {@code starttls} (required) or {@code tls} (implicit TLS, usually port 465)
   * @param timeout the longest wait for any one SMTP step (connect, greeting, each command's reply)
   */
  public record Smtp(String host, int port, String tls, Optional<String> username, Optional<Secret> password, String from,
                     Duration timeout) {
  }

  /**
   * Outbox delivery: a mail refused for good (5xx) is {@code dead} at once; a temporary failure is retried after
   * {@code retryBaseDelay}, doubling up to {@code retryMaxDelay}, until the mail is older than {@code maxAge}; it is then
   * {@code dead}.
   *
   * @param builtinTemplates whether the templates shipped in the jar stand in for an application's missing ones (else 187)
   * @param mode what delivery does with mail: sends it, logs it instead (a staging deployment), or keeps it unsent
   * @param perRecipient mails of all kinds to one address; past it a mail is kept {@code suppressed} (empty: no limit)
   * @param maxSendRate mails handed to SMTP by the whole deployment (the provider's limit); empty: no limit
   * @param yieldToRequests the longest delivery waits, while this instance's API requests wait for database connections,
   *   before it catches up on the whole outbox (empty: it never waits for them)
   */
  public record Mail(Duration pollInterval, int batchSize, Duration maxAge, Duration retryBaseDelay, Duration retryMaxDelay,
                     String messageIdDomain, boolean builtinTemplates, MailMode mode, Optional<Rate> perRecipient,
                     Optional<Rate> maxSendRate, Optional<Duration> yieldToRequests) {
  }

  /** {@code mail.mode}: {@code send} (SMTP), {@code log} (one log line per mail, no SMTP), {@code drop} (kept unsent). */
  public enum MailMode {
    SEND, LOG, DROP;

    public String wireName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** @param domains addresses in these domains (or their subdomains) are synthetic accounts (docs/decisions.md §10) */
  public record LoadTest(List<String> domains) {
  }

  /**
   * @param ttl the lifetime of an account link
   * @param resendInterval the least time between two link mails to one address
   * @param resetTtl the lifetime of a password-reset link
   * @param emailTtl the lifetime of a link confirming a new e-mail address
   */
  public record Links(Duration ttl, Duration resendInterval, Duration resetTtl, Duration emailTtl) {
  }

  /**
   * @param port the port of {@code GET /metrics}; 0 serves it on the API port instead
   * @param outboxInterval how often the outbox gauges are read from the database
   * @param boardInterval how often this instance adds its counts to the live board's table
   */
  public record Metrics(boolean enabled, String host, int port, Duration outboxInterval, Duration boardInterval) {

    public boolean onApiPort() {
      return port == 0;
    }
  }

  /**
   * Webhook delivery: a due delivery is sent with {@code timeout}, retried after {@code retryBaseDelay}, doubling up to
   * {@code retryMaxDelay}, until {@code maxAttempts} attempts have failed; it is then {@code dead}. Finished deliveries are
   * kept {@code retention}.
   */
  public record Webhooks(Duration pollInterval, int batchSize, int maxAttempts, Duration retryBaseDelay, Duration retryMaxDelay,
                         Duration timeout, Duration retention) {
  }

  /**
   * The optional CAPTCHA of the public routes that create accounts or send reset mail (docs/decisions.md §7), verified server-side
   * against the provider's siteverify API.
   *
   * @param provider {@code none}, {@code turnstile}, {@code hcaptcha} or {@code recaptcha}
   * @param secret the provider's secret key; present whenever the provider is not {@code none}
   * @param verifyUrl the provider's siteverify URL (its own unless overridden, as tests do); empty when off
   * @param siteKey the public site key the hosted pages' widget shows, if the pages are to carry one
   * @param timeout the longest wait for the provider's answer
   * @param hostnames the host names an answer must have been solved on (lower case); empty: not checked
   */
  public record Captcha(String provider, Optional<Secret> secret, String verifyUrl, Optional<String> siteKey, Duration timeout,
                        List<String> hostnames) {

    public static final String NONE = "none";

    public boolean isOn() {
      return !NONE.equals(provider);
    }
  }

  /**
   * The audit trail: written every {@code flushInterval} from a queue of at most {@code queueSize} events; refusals past
   * {@code floodThreshold} per kind, source and minute are counted, not written one by one; kept {@code retention}.
   */
  public record Audit(Duration retention, Duration flushInterval, int queueSize, int floodThreshold) {
  }

  /**
   * The OpenID Connect provider (docs/decisions.md §13), on when {@code http.publicUrl} is set (the issuer).
   *
   * @param codeTtl how long an authorization code may wait for its exchange (at most 60 s)
   * @param accessTokenTtl the lifetime of the access tokens issued to clients
   * @param refreshTokenTtl the lifetime of a refresh token (each use replaces it)
   * @param refreshReuseGrace how long after its use a refresh token may be presented again without its family being revoked
   *   (two concurrent refreshes of one client)
   * @param sessionIdle an SSO session unused this long ends
   * @param sessionMax an SSO session ends this long after its sign-in, used or not
   */
  public record Oidc(Duration codeTtl, Duration accessTokenTtl, Duration refreshTokenTtl, Duration refreshReuseGrace,
                     Duration sessionIdle, Duration sessionMax, Duration signupReturnTtl) {
  }

  /** The help desk's console (docs/helpdesk.md#the-console), on with the OpenID Connect provider. */
  public record Console(Duration sessionTtl) {
  }
}
