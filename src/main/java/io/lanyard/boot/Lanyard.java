package io.lanyard.boot;

import io.lanyard.model.passwords.PasswordHasher;
import io.lanyard.model.passwords.SuspectSources;
import io.lanyard.platform.config.ConfigException;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.config.RiskySettings;
import io.lanyard.platform.config.Secret;
import io.lanyard.platform.db.ChangeFeed;
import io.lanyard.platform.db.Database;
import io.lanyard.platform.db.DatabaseProbe;
import io.lanyard.platform.db.DbPools;
import io.lanyard.platform.db.DbUri;
import io.lanyard.platform.db.KeptSecrets;
import io.lanyard.platform.support.FastEcdsa;
import io.lanyard.platform.support.LiveCopy;
import io.lanyard.platform.support.RequestLogContext;
import io.lanyard.platform.support.ServingState;
import io.lanyard.platform.support.SourceKeys;
import io.lanyard.services.events.SubscriptionSecrets;
import io.lanyard.services.mail.MailModes;
import io.lanyard.services.mail.MailVerticle;
import io.lanyard.services.mail.OutboxRepository;
import io.lanyard.services.metrics.MetricsScrape;
import io.lanyard.services.metrics.ServiceMetrics;
import io.lanyard.services.metrics.VertxMetrics;
import io.lanyard.services.session.RevocationList;
import io.lanyard.services.webhooks.DeliveryRepository;
import io.lanyard.services.webhooks.WebhookVerticle;
import io.lanyard.signin.oidc.IdTokenKeys;
import io.lanyard.signin.oidc.KeptIdTokenKeys;
import io.lanyard.signin.tokens.ClaimRules;
import io.lanyard.signin.tokens.JwtSecrets;
import io.lanyard.signin.tokens.SigningKeys;
import io.lanyard.signin.tokens.TokenService;
import io.lanyard.web.HttpVerticle;
import io.lanyard.web.MetricsPortVerticle;
import io.lanyard.web.Route;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/** The running service: what {@code Main} starts and the integration tests start the same way. */
public final class Lanyard {

  private static final Logger log = LoggerFactory.getLogger(Lanyard.class);
  /** The readiness probe's own deadline: well under a load balancer's check timeout. */
  private static final Duration PROBE_DEADLINE = Duration.ofSeconds(2);
  /** The {@code settings} name of the key of the hosted pages' form tokens, shared by every instance. */
  private static final String FORM_KEY = "pages.formKey";

  private final Vertx vertx;
  private final LanyardConfig config;
  private final int instances;
  private final ServiceMetrics metrics;
  private final List<String> deployments = new CopyOnWriteArrayList<>();
  private final ServingState servingState = new ServingState();
  private DbPools pools;
  private DatabaseProbe probe;
  private ChangeFeed changeFeed;
  private PasswordHasher hasher;
  private Wiring.Built served;
  private volatile String mailDeployment;
  private int port;
  private int metricsPort = -1;

  private Lanyard(Vertx vertx, LanyardConfig config) {
    this.vertx = vertx;
    this.config = config;
    this.instances = config.http().instances() > 0 ? config.http().instances() : Runtime.getRuntime().availableProcessors();
    this.metrics = new ServiceMetrics(vertx, config.metrics());
  }

  /**
   * The Vert.x instance to run Lanyard on. Context locals (the request id of log lines) must be registered before any Vert.x
   * instance exists, and metrics can only be chosen as it is built, so every Vert.x of the process, the tests' included, comes
   * from here.
   */
  public static Vertx createVertx() {
    RequestLogContext.install();
    return VertxMetrics.builder(options()).build();
  }

  /** The Vert.x instance for a service with these metrics settings: disabled, no request pays for metrics at all. */
  public static Vertx createVertx(LanyardConfig.Metrics metrics) {
    return metrics.enabled() ? createVertx() : createUnmeasuredVertx();
  }

  /**
   * A Vert.x that measures nothing: an operator command's, which serves no {@code /metrics}. Measured, each database
   * connection it opened would register Vert.x Micrometer's socket gauge again, and Micrometer warn on standard error
   * ("This Gauge has been already registered") after a command that went well.
   */
  public static Vertx createUnmeasuredVertx() {
    RequestLogContext.install();
    return Vertx.vertx(options());
  }

  /** Netty's epoll transport where it loads (the jar carries it for Linux x86-64), NIO elsewhere. */
  private static VertxOptions options() {
    return new VertxOptions().setPreferNativeTransport(true);
  }

  /** Migrates, connects, and serves; on failure, releases whatever it had opened. */
  public static Future<Lanyard> start(Vertx vertx, LanyardConfig config) {
    FastEcdsa.install();
    Lanyard lanyard = new Lanyard(vertx, config);
    RiskySettings.warnings(config).forEach(log::warn);
    Optional<SigningKeys> keys;
    try {
      // key pairs are read and checked before anything opens: a bad one stops start-up at once, naming its variable
      keys = config.jwt().isAsymmetric() ? Optional.of(SigningKeys.load(config.jwt())) : Optional.empty();
    } catch (ConfigException e) {
      return Future.failedFuture(e);
    }
    DbUri uri = DbUri.of(config.db());
    int hashThreads = config.security().hashThreads() > 0 ? config.security().hashThreads()
      : Runtime.getRuntime().availableProcessors();
    LanyardConfig.Security security = config.security();
    // the hasher's first (dummy) hash runs on its own worker while the database is migrated and connected, not after
    Future<PasswordHasher> hasherReady = PasswordHasher.create(vertx, security.bcryptCost(), hashThreads,
      security.hashQueueBudget(), SuspectSources.of(security.suspect().failures(), security.suspect().window(),
        new SourceKeys(security.sourceAllowlist())));
    return Database.open(vertx, config.db(), uri, lanyard.instances)
      .compose(pools -> {
        lanyard.pools = pools;
        lanyard.probe = new DatabaseProbe(vertx, uri, PROBE_DEADLINE);
        return ChangeFeed.connect(vertx, uri);
      })
      .compose(feed -> {
        lanyard.changeFeed = feed;
        return hasherReady;
      })
      .compose(hasher -> {
        lanyard.hasher = hasher;
        return lanyard.tokenService(keys);
      })
      .compose(tokens -> KeptSecrets.resolve(lanyard.pools.requests(), FORM_KEY, formKeyKeys(config.jwt()),
          "the key of the hosted pages' forms", " (forms open in browsers and device markers then stop working)")
        .compose(formKey -> lanyard.idTokenKeys(keys).compose(idKeys -> lanyard.serve(tokens, keys, formKey, idKeys))))
      .map(lanyard)
      .recover(failure -> hasherReady.otherwiseEmpty()
        .compose(hasher -> {
          lanyard.hasher = hasher;   // made, or being made, whatever failed: closed with the rest
          return lanyard.stop();
        })
        .transform(stopped -> Future.failedFuture(failure)));
  }

  /**
   * What seals the pages' form key: {@code LANYARD_JWT_SECRET_KEY}, else a key derived from {@code LANYARD_JWT_SECRET}, which
   * then also opens a form key sealed before the secret key was set; none (signing keys configured and neither set) and
   * start-up stops rather than keep the form key in clear.
   */
  private static List<Secret> formKeyKeys(LanyardConfig.Jwt jwt) {
    List<Secret> keys = new ArrayList<>();
    jwt.secretKey().ifPresent(keys::add);
    jwt.secret().map(KeptSecrets::derivedFrom).ifPresent(keys::add);
    return keys;
  }

  /** HS256 with the configured or the database-kept secret; ES256 or RS256 with the configured keys. */
  private Future<TokenService> tokenService(Optional<SigningKeys> keys) {
    LanyardConfig.Jwt jwt = config.jwt();
    if (keys.isPresent()) {
      return Future.succeededFuture(TokenService.signed(vertx, keys.get(), ClaimRules.of(jwt)));
    }
    return JwtSecrets.resolve(pools.requests(), jwt.secret(), jwt.secretKey())
      .map(secret -> TokenService.hmac(vertx, jwt.algorithm(), secret, ClaimRules.of(jwt)));
  }

  /**
   * The keys of ID tokens when the OpenID Connect provider is on ({@code http.publicUrl} set): the configured key pair, else
   * the RS256 and ES256 keys the deployment generated and keeps (docs/decisions.md §13).
   */
  private Future<Optional<IdTokenKeys>> idTokenKeys(Optional<SigningKeys> keys) {
    if (config.http().publicUrl().isEmpty()) {
      return Future.succeededFuture(Optional.empty());
    }
    if (keys.isPresent()) {
      return Future.succeededFuture(Optional.of(IdTokenKeys.configured(keys.get())));
    }
    return KeptIdTokenKeys.load(vertx, pools.requests(), config.jwt().secretKey()).map(Optional::of);
  }

  /**
   * Loads what the operations read from memory, then deploys mail delivery, metrics and the API. A failed first load of a live
   * copy is not fatal (readers retry it, and answer their internal code meanwhile); revocations must be loaded, or revoked
   * tokens would pass.
   */
  private Future<Void> serve(TokenService tokens, Optional<SigningKeys> keys, String formKey,
                             Optional<IdTokenKeys> idTokenKeys) {
    served = Wiring.build(vertx, config, pools, changeFeed, hasher, tokens, keys, metrics.registry(),
      new Wiring.Health(probe, () -> mailDeployment != null && vertx.deploymentIDs().contains(mailDeployment), servingState),
      formKey, idTokenKeys);
    return Future.join(served.liveCopies().stream().map(copy -> copy.start(vertx, config.cache().refreshInterval())).toList())
      .otherwiseEmpty()
      .compose(loaded -> served.revocationSync().start(vertx, changeFeed, config.cache().refreshInterval()))
      .compose(synced -> {
        MailModes.announce(config);
        return vertx.deployVerticle(new MailVerticle(pools.background(), new OutboxRepository(),
          MailModes.transport(vertx, config), config.mail(), pools::requestsWait, metrics.registry()));
      })
      .compose(mail -> {
        deployments.add(mail);
        mailDeployment = mail;
        return vertx.deployVerticle(new WebhookVerticle(pools.background(), new DeliveryRepository(),
          SubscriptionSecrets.with(config.jwt().secretKey()), config.webhooks(), metrics.registry()));
      })
      .compose(webhooks -> {
        deployments.add(webhooks);
        return vertx.deployVerticle(served.resetWorker());
      })
      .compose(resetWorker -> {
        deployments.add(resetWorker);
        return served.oidcVerticle().map(verticle -> vertx.deployVerticle(verticle).map(deployed -> {
          deployments.add(deployed);
          return deployed;
        })).orElseGet(() -> Future.succeededFuture(""));
      })
      .compose(backchannel -> {
        served.audit().start(vertx);
        return deployMetricsPort();
      })
      .compose(metricsPortDeployed -> deployHttp())
      .andThen(started -> {
        if (started.succeeded()) {
          metrics.startProbes(pools.background());
          served.prunings().forEach(pruning -> pruning.start(vertx));
        }
      });
  }

  /** {@code GET /metrics} on a port of its own ({@code metrics.port}), unless it is 0 (the API port serves it) or disabled. */
  private Future<Void> deployMetricsPort() {
    Optional<MetricsScrape> scrape = metrics.scrape();
    if (scrape.isEmpty() || config.metrics().onApiPort()) {
      return Future.succeededFuture();
    }
    MetricsPortVerticle server = new MetricsPortVerticle(config.metrics().host(), config.metrics().port(), scrape.get());
    return vertx.deployVerticle(server).map(deployment -> {
      deployments.add(deployment);
      metricsPort = server.actualPort();
      return null;
    });
  }

  private Future<Void> deployHttp() {
    Optional<MetricsScrape> metricsOnApiPort = metrics.scrape().filter(scrape -> config.metrics().onApiPort());
    List<HttpVerticle> servers = new CopyOnWriteArrayList<>();
    return vertx.deployVerticle(() -> {
      HttpVerticle server = new HttpVerticle(config.http(), served.routes(), metricsOnApiPort, served.authenticator(),
        served.pages(), servingState, served.oidc());
      servers.add(server);
      return server;
    }, new DeploymentOptions().setInstances(instances))
      .map(deployment -> {
        deployments.add(deployment);
        port = servers.get(0).actualPort();
        return null;
      });
  }

  /** Reloads every in-memory copy now, rather than at the next notification or timer (also what tests wait on). */
  public Future<Void> reloadCaches() {
    // one after the other: a burst of reloads would take every connection of a small pool at once
    Future<?> reloaded = Future.succeededFuture();
    for (LiveCopy<?> copy : served.liveCopies()) {
      reloaded = reloaded.compose(previous -> copy.reload());
    }
    return reloaded.mapEmpty();
  }

  /** The port the API listens on (the configured one, or the one chosen for port 0). */
  public int port() {
    return port;
  }

  /** The port of {@code GET /metrics} when it has one of its own, else -1. */
  public int metricsPort() {
    return metricsPort;
  }

  /** The route table being served. */
  public List<Route> routes() {
    return served == null ? List.of() : served.routes();
  }

  /** The deployment of the mail verticle, which the health check looks for. */
  public String mailDeployment() {
    return mailDeployment;
  }

  /** The pool of API requests other than logins. */
  public Pool pool() {
    return pools.requests();
  }

  public DbPools pools() {
    return pools;
  }

  /** The LISTEN connection of this instance (what fault tests cut). */
  public ChangeFeed changeFeed() {
    return changeFeed;
  }

  public PasswordHasher hasher() {
    return hasher;
  }

  /** The revocations this instance checks tokens against (what tests measure the memory of). */
  public RevocationList revocations() {
    return served.revocations();
  }

  /**
   * The first step of a graceful stop: readiness fails from now on, so load balancers take the instance out, while it goes on
   * serving; connections close after their reply, so clients that keep them open move on. {@link #stop} comes after
   * {@code http.drainPeriod}.
   */
  public void drain() {
    servingState.drain();
  }

  /** Stops taking requests, lets those in flight finish (bounded by {@code http.shutdownTimeout}), then closes connections. */
  public Future<Void> stop() {
    if (served != null) {
      served.liveCopies().forEach(copy -> copy.stop(vertx));
      served.revocationSync().stop(vertx);
      served.prunings().forEach(pruning -> pruning.stop(vertx));
    }
    metrics.stop();
    Set<String> deployed = vertx.deploymentIDs();
    return Future.join(deployments.stream().filter(deployed::contains).map(vertx::undeploy).toList()).<Void>mapEmpty()
      // after the requests in flight, whose events it writes
      .eventually(() -> served == null ? Future.succeededFuture() : served.audit().stop(vertx))
      .eventually(() -> changeFeed == null ? Future.succeededFuture() : changeFeed.close())
      .eventually(() -> hasher == null ? Future.succeededFuture() : hasher.close())
      .eventually(() -> probe == null ? Future.succeededFuture() : probe.close())
      .eventually(() -> pools == null ? Future.succeededFuture() : pools.close());
  }
}
