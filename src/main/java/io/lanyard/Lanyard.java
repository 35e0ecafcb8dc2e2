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
import io.lanyard.server.HealthCheck;
import io.lanyard.server.Jwks;
import io.lanyard.session.RevocationList;
import io.lanyard.session.RevocationRepository;
import io.lanyard.session.RevocationSync;
import io.lanyard.session.Sessions;
import io.lanyard.support.LiveCopy;
import io.lanyard.support.RequestLogContext;
import io.lanyard.user.GetAllUserTypes;
import io.lanyard.user.UserRepository;
import io.lanyard.user.UserTypeRepository;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/** The running service: what {@code Main} starts and the integration tests start the same way. */
public final class Lanyard {

  private final Vertx vertx;
  private final LanyardConfig config;
  private final int instances;
  private Pool pool;
  private ChangeFeed changeFeed;
  private PasswordHasher hasher;
  private LiveCopy<List<String>> userTypes;
  private RevocationSync revocationSync;
  private List<Route> routes = List.of();
  private final List<String> httpDeployments = new CopyOnWriteArrayList<>();
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
        return PasswordHasher.create(vertx, config.security().bcryptCost(), hashThreads);
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
    UserTypeRepository userTypeRepository = new UserTypeRepository();
    userTypes = new LiveCopy<>("user types", () -> userTypeRepository.list(pool));
    changeFeed.listen(Topics.USER_TYPES_CHANGED, payload -> userTypes.reload());
    RevocationList revocations = new RevocationList();
    RevocationRepository revocationRepository = new RevocationRepository();
    revocationSync = new RevocationSync(pool, revocationRepository, revocations);
    Sessions sessions = new Sessions(pool, revocationRepository, revocations, jwt.maxTtlMillis());
    Authenticator authenticator = new Authenticator(tokens, revocations);
    Expiry expiry = new Expiry(jwt.defaultTtlMillis(), jwt.maxTtlMillis());

    Operations operations = new Operations(
      new Login(pool, users, hasher, tokens, expiry),
      new GetAllUserTypes(userTypes),
      new CheckToken(authenticator),
      new Logout(sessions),
      new RefreshToken(pool, users, tokens, sessions, expiry),
      new GetCurrentUser(pool, users),
      new HealthCheck(pool),
      keys.map(Jwks::new));
    routes = Routes.table(config.pluginName(), operations);

    // A failed first load of user types is not fatal: readers retry it, and answer 228 while it keeps failing. Revocations
    // must be loaded: serving without them would accept revoked tokens.
    return userTypes.start(vertx, config.cache().refreshInterval()).otherwiseEmpty()
      .compose(loaded -> revocationSync.start(vertx, changeFeed, config.cache().refreshInterval()))
      .compose(loaded -> deployHttp(routes, authenticator));
  }

  private Future<Void> deployHttp(List<Route> routes, Authenticator authenticator) {
    List<HttpVerticle> servers = new CopyOnWriteArrayList<>();
    return vertx.deployVerticle(() -> {
      HttpVerticle server = new HttpVerticle(config.http(), routes, authenticator);
      servers.add(server);
      return server;
    }, new DeploymentOptions().setInstances(instances))
      .map(deployment -> {
        httpDeployments.add(deployment);
        port = servers.get(0).actualPort();
        return null;
      });
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
    Future<Void> http = Future.all(httpDeployments.stream().map(vertx::undeploy).toList()).mapEmpty();
    return http
      .eventually(() -> {
        if (userTypes != null) {
          userTypes.stop(vertx);
        }
        if (revocationSync != null) {
          revocationSync.stop(vertx);
        }
        return changeFeed == null ? Future.succeededFuture() : changeFeed.close();
      })
      .eventually(() -> hasher == null ? Future.succeededFuture() : hasher.close())
      .eventually(() -> pool == null ? Future.succeededFuture() : pool.close());
  }
}
