package io.lanyard.platform.config;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static io.lanyard.platform.config.SettingKind.Reader.*;

/**
 * Every setting of the service and its CLI, each stated once, in the order of docs/configuration.md's reference (which is
 * generated from this list, as {@code conf/config.json} is; {@code SettingsReferenceTest} fails when either drifts). Adding a
 * setting: declare it here, read it in {@link ConfigLoader}, then regenerate the two files (docs/architecture.md says how).
 */
public final class Settings {

  public static final List<Setting> ALL = List.of(
    Setting.inFile("pluginName", "LANYARD_PLUGIN_NAME", kind(IDENTIFIER), "Vendor",
      "Plugin name in paths and controller names (`/_plugin/Vendor/...`, `Vendor/userController`)"),
    Setting.inFile("http.host", "LANYARD_HTTP_HOST", kind(TEXT), "0.0.0.0",
      "Address to listen on"),
    Setting.inFile("http.port", "LANYARD_HTTP_PORT", integer(0, 65535), 7512,
      "Port to listen on (0: any free port)"),
    Setting.inFile("http.instances", "LANYARD_HTTP_INSTANCES", integer(0, 256), 0,
      "HTTP verticle instances (event loops serving requests); 0 = one per core"),
    Setting.inFile("http.bodyLimit", "LANYARD_HTTP_BODY_LIMIT", integer(1024, Integer.MAX_VALUE), 1048576,
      "Largest request body in bytes (larger: 413)"),
    Setting.inFile("http.maxNestingDepth", "LANYARD_HTTP_MAX_NESTING_DEPTH", integer(2, 1000), 32,
      "Deepest JSON nesting accepted in a body (deeper: 400)"),
    Setting.inFile("http.allowedOrigins", "LANYARD_HTTP_ALLOWED_ORIGINS", kind(ORIGINS), "*",
      "CORS origins echoed back, comma-separated. `*`: any page may read replies, never with credentials (no "
        + "`Access-Control-Allow-Credentials`); an origin named here also gets `Access-Control-Allow-Credentials: true`. `null` "
        + "is never allowed (and refused as a value)"),
    Setting.inFile("http.trustedProxies", "LANYARD_HTTP_TRUSTED_PROXIES", kind(ADDRESSES), "",
      "Proxies (IP addresses or CIDR ranges, comma-separated) whose `X-Forwarded-For` is believed: a request's source is "
        + "then the right-most forwarded address that is not itself a trusted proxy; otherwise it is the TCP peer"),
    Setting.inFile("http.readTimeout", "LANYARD_HTTP_READ_TIMEOUT", kind(DURATION), "5s",
      "Longest a request may take to arrive whole, headers and body, from its first byte; slower (slowloris), the connection "
        + "is closed. Idle keep-alive connections close after 120 s"),
    Setting.inFile("http.publicUrl", "LANYARD_PUBLIC_URL", kind(PUBLIC_URL), "",
      "The service's address as people reach it (`https://accounts.fair.example`, a path allowed; http only for localhost). "
        + "When set, an application with no URL of its own for a kind of link gets links to the hosted pages: "
        + "`{publicUrl}/account/activate?token=…`, `/account/reset?token=…`, `/account/email?token=…`. It also says where the "
        + "pages live behind a proxy (their stylesheet, their cookie's path) and that their cookie is `Secure`. It is the OpenID "
        + "Connect issuer: the provider is on only when it is set (without it, `/.well-known/openid-configuration` and `/oidc/*` "
        + "answer 404 `not_available`; see [oidc.md](oidc.md))"),
    Setting.inFile("http.pagesStylesheet", "LANYARD_PAGES_STYLESHEET", kind(READABLE_FILE), "",
      "A CSS file served as the hosted pages' stylesheet instead of the jar's (`src/main/resources/pages/style.css`), read "
        + "at start"),
    Setting.inFile("http.accessLog", "LANYARD_HTTP_ACCESS_LOG", oneOf("all", "errors-and-slow", "off"), "all",
      "Which requests get an access-log line: `all`, `errors-and-slow` (4xx, 5xx and requests slower than "
        + "`http.slowRequest`) or `off`"),
    Setting.inFile("http.slowRequest", "LANYARD_HTTP_SLOW_REQUEST", kind(DURATION), "1s",
      "What `errors-and-slow` counts as slow"),
    Setting.inFile("http.shutdownTimeout", "LANYARD_HTTP_SHUTDOWN_TIMEOUT", kind(DURATION), "10s",
      "How long requests in flight may take to finish once the port is closed"),
    Setting.inFile("http.drainPeriod", "LANYARD_HTTP_DRAIN_PERIOD", kind(DURATION), "5s",
      "After SIGTERM, how long the instance keeps serving while readiness fails, before it closes its port: more than the "
        + "load balancer's check interval × failures to mark it down (see [Stopping and rolling "
        + "restarts](operating.md#stopping-and-rolling-restarts))"),
    Setting.inFile("db.uri", "LANYARD_DB_URI", kind(TEXT), "postgresql://postgres@127.0.0.1:5432/lanyard",
      "The database"),
    Setting.secret("LANYARD_DB_PASSWORD", "none",
      "Database password (else the one in the URI, or trust auth)"),
    Setting.inFile("db.createDatabase", "LANYARD_DB_CREATE_DATABASE", kind(FLAG), true,
      "Create the database when it is missing, as the service starts or `migrate` runs (no other command creates one)"),
    Setting.inFile("db.poolSize", "LANYARD_DB_POOL_SIZE", integer(1, 1000), 16,
      "Connections of the pool of API requests other than logins (creation, activation, account lifecycle, third-party routes)"),
    Setting.inFile("db.loginPoolSize", "LANYARD_DB_LOGIN_POOL_SIZE", integer(1, 1000), 4,
      "Connections of the logins' own pool (login, `_me`, refresh, logout): a slow table elsewhere never takes them"),
    Setting.inFile("db.backgroundPoolSize", "LANYARD_DB_BACKGROUND_POOL_SIZE", integer(1, 1000), 4,
      "Connections of the pool of background work (mail and webhook delivery, audit writes, cache reloads, revocation "
        + "catch-ups, gauges); mail records each mail's outcome in a statement of its own, so a busy outbox wants a few. Its "
        + "commits do not wait for the disk (see [Mail delivery](operating.md#mail-delivery))"),
    Setting.inFile("db.maxWaitQueue", "LANYARD_DB_MAX_WAIT_QUEUE", integer(1, 1_000_000), 1024,
      "Requests that may wait for a connection"),
    Setting.inFile("db.connectTimeout", "LANYARD_DB_CONNECT_TIMEOUT", kind(DURATION), "5s",
      "Timeout of opening a database connection"),
    Setting.inFile("db.queueBudget", "LANYARD_DB_QUEUE_BUDGET", kind(DURATION), "2s",
      "Longest wait for a pooled connection; longer, or the wait queue full: 503 (see [Overload](security.md#overload))"),
    Setting.inFile("db.readConnections", "LANYARD_DB_READ_CONNECTIONS", integer(1, 64), 2,
      "Connections of each event loop's pipelined client, which runs the statements that stand alone (`/_me`, getUser): they "
        + "live on that loop and pipeline up to 256 statements each; transactions use the pool. The accounts `/_me` asks for in "
        + "one turn of a loop are read by one statement"),
    Setting.inFile("db.statementTimeout", "LANYARD_DB_STATEMENT_TIMEOUT", kind(DURATION), "5s",
      "`statement_timeout` of every session of the service (pools and pipelined reads): the longest any statement runs, lock "
        + "waits included; past it, 503"),
    Setting.inFile("db.lockTimeout", "LANYARD_DB_LOCK_TIMEOUT", kind(DURATION), "2s",
      "`lock_timeout` of every session of the service: the longest a statement waits for a lock (a locked table); past it, "
        + "503. A pipelined read (`/_me`, getUser) also answers 503 once the shorter of this and `db.statementTimeout`, plus "
        + "1 s, has passed since its call, waits behind other reads on its connection included"),
    Setting.inFile("db.idleInTransactionTimeout", "LANYARD_DB_IDLE_IN_TRANSACTION_TIMEOUT", kind(DURATION), "10s",
      "`idle_in_transaction_session_timeout` of every session of the service: PostgreSQL ends a transaction whose client "
        + "says nothing for this long (an instance cut off by the network or frozen, which the server cannot see is gone), so "
        + "the rows and the `Idempotency-Key` it holds are free again (see [Idempotent "
        + "creation](integrating.md#idempotent-creation)). The service's own transactions never keep the database waiting "
        + "this long: hashing runs before them"),
    Setting.inFile("jwt.algorithm", "LANYARD_JWT_ALGORITHM", oneOf("HS256", "ES256", "RS256"), "HS256",
      "Token signature algorithm: `HS256` (a shared secret), `ES256` or `RS256` (a key pair; see [Signing "
        + "keys](operating.md#signing-keys-es256-rs256))"),
    Setting.secret("LANYARD_JWT_SECRET", "generated",
      "HS256 only. HMAC secret, at least 32 bytes; a placeholder (`changeme…`, `your-256-bit-secret…`, `secret…`) or an "
        + "obviously low-entropy one (fewer than 8 distinct characters, one block repeated) stops start-up. Unset: 64 random "
        + "bytes generated on the first start and kept in the database, encrypted with `LANYARD_JWT_SECRET_KEY`, shared by every "
        + "instance"),
    Setting.secret("LANYARD_JWT_SECRET_KEY", "none",
      "HS256 without `LANYARD_JWT_SECRET`, and then required: 32 random bytes in base64 (`openssl rand -base64 32`), the "
        + "same on every instance. AES-256-GCM key of the generated secret kept in the database (see "
        + "[Security](security.md#what-the-service-guarantees)); also of the ID tokens' RS256 and ES256 keys generated when "
        + "`http.publicUrl` is set and no key pair is configured (then required too)"),
    Setting.secret("LANYARD_JWT_PRIVATE_KEY", "none",
      "ES256/RS256 only, and then required. The signing key pair as PEM text (or a file holding it): a PKCS#8 `PRIVATE KEY` "
        + "block and its `PUBLIC KEY` block"),
    Setting.secret("LANYARD_JWT_SECONDARY_KEY", "none",
      "ES256/RS256 only. A second key that verifies tokens and is published, but does not sign: the other half of a key "
        + "rotation. Its `PUBLIC KEY` block is read (a full key pair PEM is fine)"),
    Setting.inFile("jwt.issuer", "LANYARD_JWT_ISSUER", kind(TEXT), "lanyard",
      "`iss` claim, checked on every token"),
    Setting.inFile("jwt.defaultTtl", "LANYARD_JWT_DEFAULT_TTL", kind(DURATION), "1h",
      "Token lifetime when login gives no `expiresIn`"),
    Setting.inFile("jwt.maxTtl", "LANYARD_JWT_MAX_TTL", kind(DURATION_OR_UNLIMITED), "12h",
      "Longest `expiresIn` accepted, and the longest `exp − iat` a token may carry (OWASP ASVS: re-authenticate within 12 "
        + "hours); `-1` = no limit (then `expiresIn=-1` gives a token that never expires)"),
    Setting.inFile("jwt.leeway", "LANYARD_JWT_LEEWAY", kind(DURATION), "30s",
      "How far in the future a token's `nbf` or `iat` may lie (clock differences between hosts); further: 401"),
    Setting.inFile("jwt.audience", "LANYARD_JWT_AUDIENCE", kind(OPTIONAL_TEXT), "",
      "When set, every token is issued with this `aud` and a token without it is refused (401)"),
    Setting.inFile("security.bcryptCost", "LANYARD_BCRYPT_COST", integer(4, 31), 10,
      "bcrypt cost of new hashes (10 to 31); lower-cost hashes are upgraded at the next login"),
    Setting.inFile("security.allowWeakBcryptCost", "LANYARD_ALLOW_WEAK_BCRYPT_COST", kind(FLAG), false,
      "`true` lets `security.bcryptCost` go down to 4: for tests and benchmarks only, never a deployment"),
    Setting.inFile("security.hashThreads", "LANYARD_HASH_THREADS", integer(0, 256), 0,
      "Worker threads running bcrypt; 0 = one per core"),
    Setting.inFile("security.hashQueueBudget", "LANYARD_HASH_QUEUE_BUDGET", kind(DURATION), "2s",
      "Longest expected wait for a bcrypt thread; longer: 503 at once (see [Overload](security.md#overload))"),
    Setting.inFile("security.lockout.failures", "LANYARD_LOCKOUT_FAILURES", integer(0, 1_000_000), 10,
      "Consecutive failed logins (or current-password checks) for one identifier before it is locked; `0` = no lockout (see "
        + "[Under attack](security.md#under-attack))"),
    Setting.inFile("security.lockout.wait", "LANYARD_LOCKOUT_WAIT", kind(DURATION), "1m",
      "The first lock's length; doubled at each further failure…"),
    Setting.inFile("security.lockout.maxWait", "LANYARD_LOCKOUT_MAX_WAIT", kind(DURATION), "15m",
      "…up to this"),
    Setting.inFile("security.lockout.window", "LANYARD_LOCKOUT_WINDOW", kind(DURATION), "12h",
      "Failures older than this are forgotten"),
    Setting.inFile("security.lockout.deviceMarkerTtl", "LANYARD_LOCKOUT_DEVICE_MARKER_TTL", kind(DURATION), "90d",
      "How long the device marker a successful sign-in leaves stays good (1s–400d); see "
        + "[Device markers](security.md#device-markers)"),
    Setting.inFile("security.suspect.failures", "LANYARD_SUSPECT_FAILURES", integer(0, 20), 5,
      "Failed password checks from one source within `security.suspect.window`, with no success since, that make it "
        + "suspect: its hashes may then fill only half of the ordinary part of the queue; `0` = no source is ever suspect "
        + "(see [Suspect sources](security.md#suspect-sources))"),
    Setting.inFile("security.suspect.window", "LANYARD_SUSPECT_WINDOW", kind(DURATION), "15m",
      "How long a source's failed password checks are remembered (1m–24h)"),
    Setting.inFile("security.sourceRate.credentials", "LANYARD_SOURCE_RATE_CREDENTIALS", kind(RATE), "30/1m",
      "Per source and instance: login, `createWithPassword`, `activate`, `resetPassword` and the routes that check a current "
        + "password. `<count>/<duration>`: `count` at once, refilled at `count` per duration; `off` = no limit; over it 429"),
    Setting.inFile("security.sourceRate.mail", "LANYARD_SOURCE_RATE_MAIL", kind(RATE), "10/1m",
      "Per source and instance: `create` and `requestPasswordReset`, the routes that mail an address anyone may type"),
    Setting.inFile("security.sourceAllowlist", "LANYARD_SOURCE_ALLOWLIST", kind(ADDRESSES), "",
      "Sources (IP addresses or CIDR ranges, comma-separated) that skip the per-source rates and are never suspect: a "
        + "venue's network behind one address, a partner's back end"),
    Setting.inFile("security.maxSessionsPerUser", "LANYARD_MAX_SESSIONS_PER_USER", integer(1, 10_000), 20,
      "Live tokens per user; a login or refresh past it revokes the user's oldest"),
    Setting.inFile("security.refreshRate", "LANYARD_REFRESH_RATE", kind(RATE), "30/1m",
      "`_refreshToken` calls per user and instance; over it 429"),
    Setting.inFile("security.emailChangeRate", "LANYARD_EMAIL_CHANGE_RATE", kind(RATE), "3/1h",
      "`requestEmailChange` calls per account and instance; over it 429 (see [Mail limits](security.md#mail-limits))"),
    Setting.inFile("cache.refreshInterval", "LANYARD_CACHE_REFRESH_INTERVAL", kind(DURATION), "5s",
      "Fallback reload period of in-memory copies (changes normally arrive at once by LISTEN/NOTIFY)"),
    Setting.inFile("smtp.host", "LANYARD_SMTP_HOST", kind(TEXT), "localhost",
      "SMTP server"),
    Setting.inFile("smtp.port", "LANYARD_SMTP_PORT", integer(1, 65535), 25,
      "SMTP port"),
    Setting.inFile("smtp.tls", "LANYARD_SMTP_TLS", oneOf("none", "starttls", "tls"), "none",
      "`none`, `starttls` (required) or `tls` (implicit TLS, port 465)"),
    Setting.inFile("smtp.username", "LANYARD_SMTP_USERNAME", kind(OPTIONAL_TEXT), "",
      "SMTP login (empty: no authentication)").shown("empty"),
    Setting.secret("LANYARD_SMTP_PASSWORD", "none",
      "SMTP password"),
    Setting.inFile("smtp.from", "LANYARD_MAIL_FROM", kind(TEXT), "Lanyard <no-reply@localhost>",
      "Sender of every mail. Left at the default while `smtp.host` is not this host, one warning at start: set an address "
        + "of your own domain ([The sender address](operating.md#the-sender-address))"),
    Setting.inFile("smtp.timeout", "LANYARD_SMTP_TIMEOUT", kind(DURATION), "30s",
      "Longest wait for any one SMTP step (connect, greeting, each reply); a connection silent that long is thrown away. A "
        + "whole mail may take 4× this"),
    Setting.inFile("mail.pollInterval", "LANYARD_MAIL_POLL_INTERVAL", kind(DURATION), "5s",
      "How often the outbox, and the queue of reset requests, are checked when no nudge arrives (other instances' work, "
        + "retries, work left by a crash)"),
    Setting.inFile("mail.batchSize", "LANYARD_MAIL_BATCH_SIZE", integer(1, 1000), 20,
      "Mails claimed per outbox transaction"),
    Setting.inFile("mail.maxAge", "LANYARD_MAIL_MAX_AGE", kind(DURATION), "24h",
      "A mail still failing temporarily this long after its first attempt (its first since `mail retry-dead`) is `dead`; a "
        + "permanent refusal (5xx) is `dead` at once; waiting in the outbox never counts"),
    Setting.inFile("mail.retryBaseDelay", "LANYARD_MAIL_RETRY_BASE_DELAY", kind(DURATION), "10s",
      "Delay after a mail's first temporary failure; doubles at each further failure…"),
    Setting.inFile("mail.retryMaxDelay", "LANYARD_MAIL_RETRY_MAX_DELAY", kind(DURATION), "5m",
      "…up to this cap. When the SMTP server comes back, mail waiting out a delay goes at once"),
    Setting.inFile("mail.messageIdDomain", "LANYARD_MAIL_MESSAGE_ID_DOMAIN", kind(TEXT), "lanyard.local",
      "Right-hand side of each mail's `Message-ID`"),
    Setting.inFile("mail.builtinTemplates", "LANYARD_MAIL_BUILTIN_TEMPLATES", kind(FLAG), true,
      "The templates shipped in the jar stand in for an application's missing ones (see [Mail and "
        + "templates](integrating.md#mail-and-templates)); `false`: a missing template is `statusCode` 187"),
    Setting.inFile("mail.mode", "LANYARD_MAIL_MODE", oneOf("send", "log", "drop"), "send",
      "`send`: over SMTP. `log`: one log line per mail instead (kind, recipient's domain, subject with links cut; never a "
        + "body), marked sent: a staging deployment. `drop`: every mail kept in the outbox as `suppressed` (reason "
        + "`mail_mode_drop`) and nothing delivered, mail queued earlier included. Both say so at start (see [Mail "
        + "delivery](operating.md#mail-delivery))"),
    Setting.inFile("mail.perRecipient", "LANYARD_MAIL_PER_RECIPIENT", kind(RATE), "5/1h",
      "Mails of all kinds to one address, deployment-wide; past it a mail is kept in the outbox as `suppressed` (reason "
        + "`recipient_limit`) and never sent, while the request answers as usual"),
    Setting.inFile("mail.maxSendRate", "LANYARD_MAIL_MAX_SEND_RATE", kind(RATE), "12000/1m",
      "Mails handed to SMTP by the whole deployment (`off` lifts it); mail waits in the outbox meanwhile. The default keeps a "
        + "real opening unthrottled (sized in [Mail limits](security.md#mail-limits)); lower it to the provider's limit "
        + "(`14/1s`)"),
    Setting.inFile("mail.yieldToRequests", "LANYARD_MAIL_YIELD_TO_REQUESTS", kind(DURATION_OR_OFF), "15s",
      "While this instance's API requests wait for database connections (a sign-up peak at the limit of the machine), "
        + "delivery waits for them, at most this long since it last caught up on the outbox; `off`: it never waits (see [Mail "
        + "delivery](operating.md#mail-delivery))"),
    Setting.inFile("links.ttl", "LANYARD_LINK_TTL", kind(DURATION), "48h",
      "Lifetime of an account-creation link"),
    Setting.inFile("links.resendInterval", "LANYARD_LINK_RESEND_INTERVAL", kind(DURATION), "1m",
      "Least time between two account-link mails of `/user/create` to one pending account (sooner: 143)"),
    Setting.inFile("links.resetTtl", "LANYARD_LINK_RESET_TTL", kind(DURATION), "1h",
      "Lifetime of a password-reset link"),
    Setting.inFile("links.emailTtl", "LANYARD_LINK_EMAIL_TTL", kind(DURATION), "24h",
      "Lifetime of a link confirming a new e-mail address"),
    Setting.inFile("metrics.enabled", "LANYARD_METRICS_ENABLED", kind(FLAG), true,
      "Serve `GET /metrics` (and read the outbox gauges); the counters count either way"),
    Setting.inFile("metrics.host", "LANYARD_METRICS_HOST", kind(TEXT), "127.0.0.1",
      "Address of the metrics port: loopback, unless a scraper elsewhere needs it (the container image sets `0.0.0.0`)"),
    Setting.inFile("metrics.port", "LANYARD_METRICS_PORT", integer(0, 65535), 7513,
      "Port of `GET /metrics`; `0` serves it on the API port instead"),
    Setting.inFile("metrics.outboxInterval", "LANYARD_METRICS_OUTBOX_INTERVAL", kind(DURATION), "15s",
      "How often the outbox gauges are read from the database"),
    Setting.inFile("metrics.boardInterval", "LANYARD_METRICS_BOARD_INTERVAL", kind(DURATION), "1m",
      "How often each instance adds its counts to the console's live board, and an open live board fetches its figures (a "
        + "crashed instance loses at most this much)"),
    Setting.inFile("webhooks.pollInterval", "LANYARD_WEBHOOK_POLL_INTERVAL", kind(DURATION), "5s",
      "How often each instance looks for due webhook deliveries (retries, events committed by the CLI or by a stopped instance)"),
    Setting.inFile("webhooks.batchSize", "LANYARD_WEBHOOK_BATCH_SIZE", integer(1, 1000), 50,
      "Most deliveries an instance claims at once"),
    Setting.inFile("webhooks.maxAttempts", "LANYARD_WEBHOOK_MAX_ATTEMPTS", integer(1, 100), 10,
      "Attempts before a delivery is `dead` (about an hour and a half with the default delays)"),
    Setting.inFile("webhooks.retryBaseDelay", "LANYARD_WEBHOOK_RETRY_BASE_DELAY", kind(DURATION), "10s",
      "Delay after a delivery's first failure; doubles at each further failure…"),
    Setting.inFile("webhooks.retryMaxDelay", "LANYARD_WEBHOOK_RETRY_MAX_DELAY", kind(DURATION), "1h",
      "…up to this cap"),
    Setting.inFile("webhooks.timeout", "LANYARD_WEBHOOK_TIMEOUT", kind(DURATION), "10s",
      "Longest wait for the receiver's 2xx answer"),
    Setting.inFile("webhooks.retention", "LANYARD_WEBHOOK_RETENTION", kind(DURATION), "7d",
      "How long delivered and dead deliveries are kept"),
    Setting.inFile("audit.retention", "LANYARD_AUDIT_RETENTION", kind(DURATION), "90d",
      "How long audit events are kept before they are pruned"),
    Setting.inFile("audit.flushInterval", "LANYARD_AUDIT_FLUSH_INTERVAL", kind(DURATION), "1s",
      "How often each instance writes its queued audit events, in one multi-row insert"),
    Setting.inFile("audit.queueSize", "LANYARD_AUDIT_QUEUE_SIZE", integer(100, 10_000_000), 10000,
      "Audit events an instance may hold in memory before writing; past it they are dropped and counted"),
    Setting.inFile("audit.floodThreshold", "LANYARD_AUDIT_FLOOD_THRESHOLD", integer(1, 1_000_000), 20,
      "Refusals of one kind from one source in one minute written one by one; past it the rest are folded into one counted "
        + "row per kind, source and minute"),
    Setting.inFile("captcha.provider", "LANYARD_CAPTCHA_PROVIDER", oneOf("none", "turnstile", "hcaptcha", "recaptcha"), "none",
      "`turnstile`, `hcaptcha` or `recaptcha`: `create`, `createWithPassword` and `requestPasswordReset` then need a "
        + "`captchaToken`, verified with the provider"),
    Setting.secret("LANYARD_CAPTCHA_SECRET", "none",
      "The provider's secret key; required when a provider is set"),
    Setting.inFile("captcha.verifyUrl", "LANYARD_CAPTCHA_VERIFY_URL", kind(OPTIONAL_TEXT), "",
      "Its siteverify URL (https; http only for localhost)").shown("the provider's"),
    Setting.inFile("captcha.siteKey", "LANYARD_CAPTCHA_SITE_KEY", kind(OPTIONAL_TEXT), "",
      "The provider's public site key, for the widget on the hosted pages"),
    Setting.inFile("captcha.timeout", "LANYARD_CAPTCHA_TIMEOUT", kind(DURATION), "5s",
      "Longest wait for the provider's answer"),
    Setting.inFile("captcha.hostnames", "LANYARD_CAPTCHA_HOSTNAMES", kind(HOSTNAMES), "",
      "Host names (comma-separated) of the pages that show the widget: the provider's verification must name one of them "
        + "as the `hostname` the answer was solved on, else the answer is refused as a wrong one (190). Empty: not checked "
        + "(an answer solved on anyone's page that carries the site key passes)"),
    Setting.inFile("loadTest.domains", "LANYARD_LOADTEST_DOMAINS", kind(DOMAINS), "loadtest.invalid",
      "Mail domains (comma-separated; their subdomains too) whose addresses are synthetic load-test accounts: served like "
        + "any other, their mail never sent, marked in the database, counted apart (see [Load "
        + "testing](loadtesting.md#synthetic-accounts)). Empty: none. A domain outside the reserved `.invalid`, `.test`, "
        + "`.example`, `.localhost` is warned about at start"),
    Setting.inFile("oidc.codeTtl", "LANYARD_OIDC_CODE_TTL", kind(DURATION), "60s",
      "How long an authorization code waits for its exchange: 1 s to 60 s (see [oidc.md](oidc.md))"),
    Setting.inFile("oidc.accessTokenTtl", "LANYARD_OIDC_ACCESS_TOKEN_TTL", kind(DURATION), "10m",
      "Lifetime of the access tokens (and ID tokens) issued to OpenID Connect clients; at most `jwt.maxTtl`"),
    Setting.inFile("oidc.refreshTokenTtl", "LANYARD_OIDC_REFRESH_TOKEN_TTL", kind(DURATION), "30d",
      "Lifetime of a refresh token; each use replaces it with one of the same lifetime"),
    Setting.inFile("oidc.refreshReuseGrace", "LANYARD_OIDC_REFRESH_REUSE_GRACE", kind(DURATION), "5s",
      "How long after its first use a refresh token may come again without its whole family being revoked (two refreshes of "
        + "one app at once); at most 60 s"),
    Setting.inFile("oidc.sessionIdle", "LANYARD_OIDC_SESSION_IDLE", kind(DURATION), "8h",
      "A single sign-on session unused this long ends (used: an authorization that read it); at most `oidc.sessionMax`"),
    Setting.inFile("oidc.sessionMax", "LANYARD_OIDC_SESSION_MAX", kind(DURATION), "7d",
      "A single sign-on session ends this long after its sign-in, used or not"),
    Setting.inFile("oidc.signupReturnTtl", "LANYARD_OIDC_SIGNUP_RETURN_TTL", kind(DURATION), "1h",
      "How long after someone asks for an account on a client's login page its mailed link still takes them back into that "
        + "sign-in: at least 1 minute; past it the account is still activated, and the page leads back to the app (see [oidc.md](oidc.md#creating-an-account-from-the-login-page))"),
    Setting.inFile("console.sessionTtl", "LANYARD_CONSOLE_SESSION_TTL", kind(DURATION), "30m",
      "How long a help-desk console session lasts after its sign-in, used or not: 1 min to 12 h (the next page then signs in "
        + "again through the single sign-on session, without a password while that lasts; see [helpdesk.md](helpdesk.md#the-console))"),
    Setting.environmentOnly("LANYARD_LOG_LEVEL", "INFO",
      "Root log level: `TRACE`, `DEBUG`, `INFO`, `WARN`, `ERROR` or `OFF` (another value logs at `INFO`, with a warning)"),
    Setting.environmentOnly("LANYARD_LOG_FORMAT", "text",
      "`json`: one JSON object per line (see [Logs](operating.md#logs))"));

  /** The settings a configuration file may hold, by path. */
  static final Map<String, Setting> BY_PATH = ALL.stream().filter(setting -> setting.path().isPresent())
    .collect(Collectors.toUnmodifiableMap(setting -> setting.path().get(), Function.identity()));

  /** The settings read from the environment only, by variable. */
  static final Map<String, Setting> ENVIRONMENT_ONLY = ALL.stream().filter(setting -> setting.path().isEmpty())
    .collect(Collectors.toUnmodifiableMap(Setting::environment, Function.identity()));

  private Settings() {
  }

  /** The environment variable of the setting at {@code path} (declared: anything else is a programming error). */
  public static String variable(String path) {
    Setting setting = BY_PATH.get(path);
    if (setting == null) {
      throw new IllegalArgumentException("No setting " + path + " is declared");
    }
    return setting.environment();
  }

  private static SettingKind kind(SettingKind.Reader reader) {
    return SettingKind.of(reader);
  }

  private static SettingKind integer(long min, long max) {
    return SettingKind.integer(min, max);
  }

  private static SettingKind oneOf(String... choices) {
    return SettingKind.oneOf(choices);
  }
}
