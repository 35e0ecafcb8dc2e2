package io.lanyard;

import io.lanyard.auth.Expiry;
import io.lanyard.auth.JwtSecrets;
import io.lanyard.auth.Login;
import io.lanyard.auth.PasswordHasher;
import io.lanyard.auth.TokenService;
import io.lanyard.config.LanyardConfig;
import io.lanyard.config.Topics;
import io.lanyard.db.ChangeFeed;
import io.lanyard.db.Database;
import io.lanyard.db.DbUri;
import io.lanyard.db.Migrations;
import io.lanyard.db.SchemaHistory;
import io.lanyard.http.HttpVerticle;
import io.lanyard.http.Operations;
import io.lanyard.http.PlainRoute;
import io.lanyard.http.Route;
import io.lanyard.http.Routes;
import io.lanyard.mail.MailSender;
import io.lanyard.mail.MailTemplate;
import io.lanyard.mail.MailVerticle;
import io.lanyard.mail.Outbox;
import io.lanyard.mail.OutboxRepository;
import io.lanyard.mail.TemplateDirectory;
import io.lanyard.mail.TemplateRepository;
import io.lanyard.metrics.EventLoopLag;
import io.lanyard.metrics.MetricsVerticle;
import io.lanyard.metrics.OutboxGauges;
import io.lanyard.metrics.Outcomes;
import io.lanyard.metrics.VertxMetrics;
import io.lanyard.server.HealthCheck;
import io.lanyard.server.OpenApiDocument;
import io.lanyard.support.LiveCopy;
import io.lanyard.support.RequestLogContext;
import io.lanyard.thirdparty.Application;
import io.lanyard.thirdparty.ApplicationDirectory;
import io.lanyard.thirdparty.ApplicationRepository;
import io.lanyard.user.AccountLinkRepository;
import io.lanyard.user.ActivateUser;
import io.lanyard.user.CreateUserByLink;
import io.lanyard.user.CreateUserWithPassword;
import io.lanyard.user.GetAllUserTypes;
import io.lanyard.user.UserRepository;
import io.lanyard.user.UserTypeRepository;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.micrometer.PrometheusScrapingHandler;
import io.vertx.sqlclient.Pool;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/** The running service: what {@code Main} starts and the integration tests start the same way. */
public final class Lanyard {

  private final Vertx vertx;
  private final LanyardConfig config;
  private final int instances;
  private final List<LiveCopy<?>> liveCopies = new CopyOnWriteArrayList<>();
  private final List<String> deployments = new CopyOnWriteArrayList<>();
  private final Optional<PrometheusMeterRegistry> prometheus;
  private final MeterRegistry registry;
  private Pool pool;
  private ChangeFeed changeFeed;
  private PasswordHasher hasher;
  private OutboxGauges outboxGauges;
  private EventLoopLag eventLoopLag;
  private List<Route> routes = List.of();
  private volatile String mailDeployment;
  private int port;
  private int metricsPort = -1;

  private Lanyard(Vertx vertx, LanyardConfig config) {
    this.vertx = vertx;
    this.config = config;
    this.instances = config.http().instances() > 0 ? config.http().instances() : Runtime.getRuntime().availableProcessors();
    this.prometheus = VertxMetrics.registry(vertx);
    // a Vert.x made elsewhere has no registry: the counters then count into nothing
    this.registry = prometheus.<MeterRegistry>map(r -> r).orElseGet(CompositeMeterRegistry::new);
  }

  /**
   * The Vert.x instance to run Lanyard on. Context locals (the request id of log lines) must be registered before any Vert.x
   * instance exists, and metrics can only be chosen as it is built, so every Vert.x of the process, the tests' included, comes
   * from here.
   */
  public static Vertx createVertx() {
    RequestLogContext.install();
    return VertxMetrics.builder().build();
  }

  /** Migrates, connects, and serves; on failure, releases whatever it had opened. */
  public static Future<Lanyard> start(Vertx vertx, LanyardConfig config) {
    Lanyard lanyard = new Lanyard(vertx, config);
    DbUri uri = DbUri.of(config.db());
    int hashThreads = config.security().hashThreads() > 0 ? config.security().hashThreads()
      : Runtime.getRuntime().availableProcessors();
    return Database.open(vertx, config.db(), uri, lanyard.instances)
      .compose(pool -> {
        lanyard.pool = pool;
        return ChangeFeed.connect(vertx, uri);
      })
      .compose(feed -> {
        lanyard.changeFeed = feed;
        return PasswordHasher.create(vertx, config.security().bcryptCost(), hashThreads);
      })
      .compose(hasher -> {
        lanyard.hasher = hasher;
        return JwtSecrets.resolve(lanyard.pool, config.jwt().secret());
      })
      .compose(lanyard::serve)
      .map(lanyard)
      .recover(failure -> lanyard.stop().transform(stopped -> Future.failedFuture(failure)));
  }

  private Future<Void> serve(String jwtSecret) {
    LanyardConfig.Jwt jwt = config.jwt();
    TokenService tokens = TokenService.hmac(vertx, jwt.algorithm(), jwtSecret, jwt.issuer(), jwt.hasMaxTtl());
    UserRepository users = new UserRepository();
    Outbox outbox = new Outbox(vertx, config.mail().messageIdDomain());

    UserTypeRepository userTypeRepository = new UserTypeRepository();
    LiveCopy<List<String>> userTypes = liveCopy("user types", () -> userTypeRepository.list(pool));
    changeFeed.listen(Topics.USER_TYPES_CHANGED, payload -> userTypes.reload());

    ApplicationRepository applicationRepository = new ApplicationRepository();
    TemplateRepository templateRepository = new TemplateRepository();
    LiveCopy<Map<String, Application>> applications =
      liveCopy("applications", () -> ApplicationDirectory.load(applicationRepository, pool));
    LiveCopy<Map<String, MailTemplate>> templates =
      liveCopy("mail templates", () -> TemplateDirectory.load(templateRepository, pool));
    changeFeed.listen(Topics.APPLICATIONS_CHANGED, payload -> {
      applications.reload();
      templates.reload();
    });
    ApplicationDirectory applicationDirectory = new ApplicationDirectory(applications);
    TemplateDirectory templateDirectory = new TemplateDirectory(templates);
    AccountLinkRepository links = new AccountLinkRepository();

    HealthCheck healthCheck = new HealthCheck(pool, new SchemaHistory(), Migrations.latestOnClasspath(),
      () -> mailDeployment != null && vertx.deploymentIDs().contains(mailDeployment));
    Operations operations = new Operations(
      new Login(pool, users, hasher, tokens, new Expiry(jwt.defaultTtlMillis(), jwt.maxTtlMillis())),
      new GetAllUserTypes(userTypes),
      new CreateUserWithPassword(pool, applicationDirectory, templateDirectory, hasher, users, outbox),
      new CreateUserByLink(pool, applicationDirectory, templateDirectory, users, links, outbox, config.links()),
      new ActivateUser(pool, links, users, hasher),
      healthCheck,
      OpenApiDocument.load(config.pluginName()));
    routes = Routes.table(config.pluginName(), operations, new Outcomes(registry));

    // A failed first load is not fatal: readers retry it, and the operations answer their internal code while it fails.
    return Future.join(liveCopies.stream().map(copy -> copy.start(vertx, config.cache().refreshInterval())).toList())
      .otherwiseEmpty()
      .compose(loaded -> vertx.deployVerticle(new MailVerticle(pool, new OutboxRepository(),
        new MailSender(vertx, config.smtp()), config.mail(), registry)))
      .compose(mail -> {
        deployments.add(mail);
        mailDeployment = mail;
        return serveMetrics();
      })
      .compose(metrics -> deployHttp(routes, metrics, tokens))
      .andThen(served -> {
        if (served.succeeded()) {
          startProbes();
        }
      });
  }

  /**
   * Metrics on their own port ({@code metrics.port}), or a route for the API port when it is 0. Nothing when metrics are
   * disabled (the counters still count, at no cost worth a setting).
   */
  private Future<List<PlainRoute>> serveMetrics() {
    LanyardConfig.Metrics metrics = config.metrics();
    if (!metrics.enabled() || prometheus.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    if (metrics.onApiPort()) {
      return Future.succeededFuture(List.of(new PlainRoute(HttpMethod.GET, MetricsVerticle.PATH,
        PrometheusScrapingHandler.create(prometheus.get()))));
    }
    MetricsVerticle server = new MetricsVerticle(metrics.host(), metrics.port(), prometheus.get());
    return vertx.deployVerticle(server).map(deployment -> {
      deployments.add(deployment);
      metricsPort = server.actualPort();
      return List.of();
    });
  }

  private <T> LiveCopy<T> liveCopy(String name, Supplier<Future<T>> loader) {
    LiveCopy<T> copy = new LiveCopy<>(name, loader);
    liveCopies.add(copy);
    return copy;
  }

  /** The gauges that run on timers, once the service is up (a start that fails leaves none behind). */
  private void startProbes() {
    if (!config.metrics().enabled() || prometheus.isEmpty()) {
      return;
    }
    outboxGauges = new OutboxGauges(registry, pool, new OutboxRepository());
    outboxGauges.start(vertx, config.metrics().outboxInterval());
    eventLoopLag = EventLoopLag.start(vertx, registry);
  }

  private Future<Void> deployHttp(List<Route> routes, List<PlainRoute> plainRoutes, TokenService tokens) {
    List<HttpVerticle> servers = new CopyOnWriteArrayList<>();
    return vertx.deployVerticle(() -> {
      HttpVerticle server = new HttpVerticle(config.http(), routes, plainRoutes, tokens);
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
    return Future.all(liveCopies.stream().map(LiveCopy::reload).toList()).mapEmpty();
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
    return routes;
  }

  /** The deployment of the mail verticle, which the health check looks for. */
  public String mailDeployment() {
    return mailDeployment;
  }

  public Pool pool() {
    return pool;
  }

  public PasswordHasher hasher() {
    return hasher;
  }

  /** Stops taking requests, lets those in flight finish (bounded by {@code http.shutdownTimeout}), then closes connections. */
  public Future<Void> stop() {
    liveCopies.forEach(copy -> copy.stop(vertx));
    if (outboxGauges != null) {
      outboxGauges.stop(vertx);
    }
    if (eventLoopLag != null) {
      eventLoopLag.stop();
    }
    Set<String> deployed = vertx.deploymentIDs();
    return Future.join(deployments.stream().filter(deployed::contains).map(vertx::undeploy).toList()).<Void>mapEmpty()
      .eventually(() -> changeFeed == null ? Future.succeededFuture() : changeFeed.close())
      .eventually(() -> hasher == null ? Future.succeededFuture() : hasher.close())
      .eventually(() -> pool == null ? Future.succeededFuture() : pool.close());
  }
}
