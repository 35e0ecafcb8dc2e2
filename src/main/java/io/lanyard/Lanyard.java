package io.lanyard;

import io.lanyard.auth.Authenticator;
import io.lanyard.auth.CheckToken;
import io.lanyard.auth.Expiry;
import io.lanyard.auth.GetCurrentUser;
import io.lanyard.auth.JwtSecrets;
import io.lanyard.auth.Login;
import io.lanyard.auth.Logout;
import io.lanyard.auth.PasswordHasher;
import io.lanyard.auth.RefreshToken;
import io.lanyard.auth.SigningKeys;
import io.lanyard.auth.TokenService;
import io.lanyard.config.ConfigException;
import io.lanyard.config.LanyardConfig;
import io.lanyard.config.Topics;
import io.lanyard.db.ChangeFeed;
import io.lanyard.db.Database;
import io.lanyard.db.DbUri;
import io.lanyard.http.HttpVerticle;
import io.lanyard.http.Operations;
import io.lanyard.http.Route;
import io.lanyard.http.Routes;
import io.lanyard.mail.MailSender;
import io.lanyard.mail.MailTemplate;
import io.lanyard.mail.MailVerticle;
import io.lanyard.mail.Outbox;
import io.lanyard.mail.OutboxRepository;
import io.lanyard.mail.TemplateDirectory;
import io.lanyard.mail.TemplateRepository;
import io.lanyard.server.HealthCheck;
import io.lanyard.server.Jwks;
import io.lanyard.session.RevocationList;
import io.lanyard.session.RevocationRepository;
import io.lanyard.session.RevocationSync;
import io.lanyard.session.Sessions;
import io.lanyard.support.LiveCopy;
import io.lanyard.support.RequestLogContext;
import io.lanyard.thirdparty.Application;
import io.lanyard.thirdparty.ApplicationDirectory;
import io.lanyard.thirdparty.ApplicationRepository;
import io.lanyard.thirdparty.GetUser;
import io.lanyard.thirdparty.ThirdPartyAccess;
import io.lanyard.thirdparty.UpdateUser;
import io.lanyard.user.AccountLinkRepository;
import io.lanyard.user.AccountRepository;
import io.lanyard.user.ActivateUser;
import io.lanyard.user.CreateUserByLink;
import io.lanyard.user.CreateUserWithPassword;
import io.lanyard.user.CreationAdmission;
import io.lanyard.user.GetAllUserTypes;
import io.lanyard.user.UserRepository;
import io.lanyard.user.UserTypeRepository;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/** The running service: what {@code Main} starts and the integration tests start the same way. */
public final class Lanyard {

  private final Vertx vertx;
  private final LanyardConfig config;
  private final int instances;
  private final List<LiveCopy<?>> liveCopies = new CopyOnWriteArrayList<>();
  private final List<String> deployments = new CopyOnWriteArrayList<>();
  private Pool pool;
  private ChangeFeed changeFeed;
  private PasswordHasher hasher;
  private RevocationSync revocationSync;
  private List<Route> routes = List.of();
  private int port;

  private Lanyard(Vertx vertx, LanyardConfig config) {
    this.vertx = vertx;
    this.config = config;
    this.instances = config.http().instances() > 0 ? config.http().instances() : Runtime.getRuntime().availableProcessors();
  }

  /** Key pairs are read and checked before anything opens: a bad one stops start-up at once, naming its variable. */
  private static Optional<SigningKeys> signingKeys(LanyardConfig.Jwt jwt) {
    return jwt.isAsymmetric() ? Optional.of(SigningKeys.load(jwt)) : Optional.empty();
  }

  /**
   * The Vert.x instance to run Lanyard on. Context locals (the request id of log lines) must be registered before any Vert.x
   * instance exists, so every Vert.x of the process, the tests' included, comes from here.
   */
  public static Vertx createVertx() {
    RequestLogContext.install();
    return Vertx.vertx();
  }

  /** Migrates, connects, and serves; on failure, releases whatever it had opened. */
  public static Future<Lanyard> start(Vertx vertx, LanyardConfig config) {
    Lanyard lanyard = new Lanyard(vertx, config);
    Optional<SigningKeys> keys;
    try {
      keys = signingKeys(config.jwt());
    } catch (ConfigException e) {
      return Future.failedFuture(e);
    }
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
        return PasswordHasher.create(vertx, config.security().bcryptCost(), hashThreads, config.security().hashQueueBudget());
      })
      .compose(hasher -> {
        lanyard.hasher = hasher;
        return lanyard.tokenService(keys);
      })
      .compose(tokens -> lanyard.serve(tokens, keys))
      .map(lanyard)
      .recover(failure -> lanyard.stop().transform(stopped -> Future.failedFuture(failure)));
  }

  /** HS256 with the configured or the database-kept secret; ES256 or RS256 with the configured keys. */
  private Future<TokenService> tokenService(Optional<SigningKeys> keys) {
    LanyardConfig.Jwt jwt = config.jwt();
    if (keys.isPresent()) {
      return Future.succeededFuture(TokenService.signed(vertx, keys.get(), jwt.issuer(), jwt.hasMaxTtl()));
    }
    return JwtSecrets.resolve(pool, jwt.secret())
      .map(secret -> TokenService.hmac(vertx, jwt.algorithm(), secret, jwt.issuer(), jwt.hasMaxTtl()));
  }

  private Future<Void> serve(TokenService tokens, Optional<SigningKeys> keys) {
    LanyardConfig.Jwt jwt = config.jwt();
    UserRepository users = new UserRepository();
    AccountRepository accounts = new AccountRepository();
    Outbox outbox = new Outbox(vertx, config.mail().messageIdDomain());

    UserTypeRepository userTypeRepository = new UserTypeRepository();
    LiveCopy<List<String>> userTypes = liveCopy("user types", () -> userTypeRepository.list(pool));
    changeFeed.listen(Topics.USER_TYPES_CHANGED, payload -> userTypes.reload());
    RevocationList revocations = new RevocationList();
    RevocationRepository revocationRepository = new RevocationRepository();
    revocationSync = new RevocationSync(pool, revocationRepository, revocations);
    Sessions sessions = new Sessions(pool, revocationRepository, revocations, jwt.maxTtlMillis());
    Authenticator authenticator = new Authenticator(tokens, revocations);
    Expiry expiry = new Expiry(jwt.defaultTtlMillis(), jwt.maxTtlMillis());

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
    CreationAdmission creationAdmission = new CreationAdmission(applicationDirectory);
    ThirdPartyAccess thirdPartyAccess = new ThirdPartyAccess(pool, applicationDirectory, accounts);

    Operations operations = new Operations(
      new Login(pool, users, hasher, tokens, expiry),
      new GetAllUserTypes(userTypes),
      new CreateUserWithPassword(pool, creationAdmission, templateDirectory, hasher, users, outbox),
      new CreateUserByLink(pool, creationAdmission, templateDirectory, users, accounts, links, outbox, config.links()),
      new ActivateUser(pool, links, users, hasher),
      new UpdateUser(pool, thirdPartyAccess, accounts),
      new GetUser(thirdPartyAccess),
      new CheckToken(authenticator),
      new Logout(sessions),
      new RefreshToken(pool, accounts, tokens, sessions, expiry),
      new GetCurrentUser(pool, accounts),
      new HealthCheck(pool),
      keys.map(Jwks::new));
    routes = Routes.table(config.pluginName(), operations);

    // A failed first load of a live copy is not fatal: readers retry it, and the operations answer their internal code while
    // it fails. Revocations must be loaded: serving without them would accept revoked tokens.
    return Future.join(liveCopies.stream().map(copy -> copy.start(vertx, config.cache().refreshInterval())).toList())
      .otherwiseEmpty()
      .compose(loaded -> revocationSync.start(vertx, changeFeed, config.cache().refreshInterval()))
      .compose(synced -> vertx.deployVerticle(new MailVerticle(pool, new OutboxRepository(),
        new MailSender(vertx, config.smtp()), config.mail())))
      .compose(mailDeployment -> {
        deployments.add(mailDeployment);
        return deployHttp(routes, authenticator);
      });
  }

  private <T> LiveCopy<T> liveCopy(String name, Supplier<Future<T>> loader) {
    LiveCopy<T> copy = new LiveCopy<>(name, loader);
    liveCopies.add(copy);
    return copy;
  }

  private Future<Void> deployHttp(List<Route> routes, Authenticator authenticator) {
    List<HttpVerticle> servers = new CopyOnWriteArrayList<>();
    return vertx.deployVerticle(() -> {
      HttpVerticle server = new HttpVerticle(config.http(), routes, authenticator);
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

  /** The route table being served. */
  public List<Route> routes() {
    return routes;
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
    if (revocationSync != null) {
      revocationSync.stop(vertx);
    }
    return Future.join(deployments.stream().map(vertx::undeploy).toList()).<Void>mapEmpty()
      .eventually(() -> changeFeed == null ? Future.succeededFuture() : changeFeed.close())
      .eventually(() -> hasher == null ? Future.succeededFuture() : hasher.close())
      .eventually(() -> pool == null ? Future.succeededFuture() : pool.close());
  }
}
