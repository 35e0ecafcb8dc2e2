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
import io.lanyard.metrics.Outcomes;
import io.lanyard.metrics.ServiceMetrics;
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
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;

import java.util.List;
import java.util.Map;
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
  private final ServiceMetrics metrics;
  private Pool pool;
  private ChangeFeed changeFeed;
  private PasswordHasher hasher;
  private List<Route> routes = List.of();
  private volatile String mailDeployment;
  private int port;

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
    routes = Routes.table(config.pluginName(), operations, new Outcomes(metrics.registry()));

    // A failed first load is not fatal: readers retry it, and the operations answer their internal code while it fails.
    return Future.join(liveCopies.stream().map(copy -> copy.start(vertx, config.cache().refreshInterval())).toList())
      .otherwiseEmpty()
      .compose(loaded -> vertx.deployVerticle(new MailVerticle(pool, new OutboxRepository(),
        new MailSender(vertx, config.smtp()), config.mail(), metrics.registry())))
      .compose(mail -> {
        deployments.add(mail);
        mailDeployment = mail;
        return metrics.serve(deployments::add);
      })
      .compose(plainRoutes -> deployHttp(routes, plainRoutes, tokens))
      .andThen(served -> {
        if (served.succeeded()) {
          metrics.startProbes(pool);
        }
      });
  }

  private <T> LiveCopy<T> liveCopy(String name, Supplier<Future<T>> loader) {
    LiveCopy<T> copy = new LiveCopy<>(name, loader);
    liveCopies.add(copy);
    return copy;
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
    return metrics.port();
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
    metrics.stop();
    Set<String> deployed = vertx.deploymentIDs();
    return Future.join(deployments.stream().filter(deployed::contains).map(vertx::undeploy).toList()).<Void>mapEmpty()
      .eventually(() -> changeFeed == null ? Future.succeededFuture() : changeFeed.close())
      .eventually(() -> hasher == null ? Future.succeededFuture() : hasher.close())
      .eventually(() -> pool == null ? Future.succeededFuture() : pool.close());
  }
}
