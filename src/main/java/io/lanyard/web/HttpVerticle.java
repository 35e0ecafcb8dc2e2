package io.lanyard.web;

import io.lanyard.services.throttling.DeviceMarkers;
import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.Operation;
import io.lanyard.model.api.Reply;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.support.RequestLogContext;
import io.lanyard.platform.support.ServingState;
import io.lanyard.services.metrics.MetricsScrape;
import io.lanyard.web.oidc.OidcEndpoints;
import io.lanyard.signin.oidc.OidcProvider;
import io.lanyard.signin.tokens.Authenticator;
import io.lanyard.signin.tokens.TokenCheck;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.HttpException;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP API: mounts the route table, and gives every reply (framework failures included) the Kuzzle envelope. One instance
 * per event loop; all instances share the port.
 */
public final class HttpVerticle extends VerticleBase {


  /** Routing-context keys: the route template (access log), the client's address (docs/decisions.md §7). */
  static final String ROUTE = AccessLog.ROUTE;
  static final String SOURCE = "lanyard.source";
  /** A connection silent this long is closed, so idle or stalled clients cannot hold connections for ever. */
  private static final int IDLE_TIMEOUT_SECONDS = 120;
  private static final String BEARER = "Bearer";
  private static final String IDEMPOTENCY_KEY = "Idempotency-Key";
  private static final TokenCheck ANONYMOUS = new TokenCheck(null, null, Optional.empty());

  private final LanyardConfig.Http config;
  private final List<Route> routes;
  private final Optional<MetricsScrape> metricsOnApiPort;
  private final Authenticator authenticator;
  private final AccountPages pages;
  private final JsonBodies bodies;
  private final Cors cors;
  private final RequestSources sources;
  private final AccessLog accessLog;
  private final ServingState servingState;
  private final OidcEndpoints oidc;
  private HttpServer server;

  /**
   * @param metricsOnApiPort served at {@code GET /metrics} on this port, when the metrics have no port of their own
   * @param pages the hosted pages for people, under {@code /account/}
   * @param servingState while the instance drains, every connection closes after its reply
   * @param oidc the OpenID Connect provider, when it is on ({@code http.publicUrl} set)
   */
  public HttpVerticle(LanyardConfig.Http config, List<Route> routes, Optional<MetricsScrape> metricsOnApiPort,
                      Authenticator authenticator, AccountPages pages, ServingState servingState,
                      Optional<OidcProvider> oidc) {
    this.config = config;
    this.servingState = servingState;
    this.routes = routes;
    this.metricsOnApiPort = metricsOnApiPort;
    this.authenticator = authenticator;
    this.pages = pages;
    this.bodies = new JsonBodies(config.maxNestingDepth());
    this.cors = new Cors(config.allowedOrigins());
    this.sources = new RequestSources(config.trustedProxies());
    this.accessLog = new AccessLog(AccessLog.policy(config.accessLog()), config.slowRequest());
    this.oidc = new OidcEndpoints(oidc, new OidcEndpoints.Requests() {
      @Override
      public RequestOrigin origin(RoutingContext context) {
        String userAgent = context.request().getHeader(HttpHeaders.USER_AGENT);
        return new RequestOrigin(context.get(Replies.REQUEST_ID), context.get(SOURCE), userAgent == null ? "" : userAgent);
      }

      @Override
      public void name(RoutingContext context, String route) {
        context.put(ROUTE, route);
      }
    });
  }

  @Override
  public Future<?> start() {
    Router router = Router.router(vertx);
    router.route().handler(this::begin);
    router.route().handler(BodyHandler.create(false).setBodyLimit(config.bodyLimit()));
    ExactRoutes exactRoutes = new ExactRoutes(routes);
    router.route().handler(context -> dispatchExact(context, exactRoutes));
    metricsOnApiPort.ifPresent(scrape -> router.get(MetricsEndpoint.PATH).handler(context -> {
      context.put(ROUTE, MetricsEndpoint.PATH);
      new MetricsEndpoint(scrape).handle(context);
    }));
    for (Route route : routes) {
      router.route(route.method(), route.path()).handler(context -> dispatch(context, route));
    }
    oidc.mount(router);
    pages.mount(router);
    RouterFailures.install(router, config.bodyLimit(), pages);

    // Port 0 becomes -1: Vert.x then gives every instance the same random port instead of one each.
    int port = config.port() == 0 ? -1 : config.port();
    // HTTP/1.1 only, as Kuzzle: no cleartext HTTP/2 upgrade, whose GOAWAY at shutdown cut requests in flight. No WebSocket
    // route exists, so no WebSocket compression: Vert.x would otherwise put its extension handler in every connection's
    // pipeline, which every request and every reply passes through (some 4 % of an event loop's time on getAllUserTypes).
    HttpServerOptions options = new HttpServerOptions().setHost(config.host()).setPort(port).setHttp2ClearTextEnabled(false)
      .setPerMessageWebSocketCompressionSupported(false).setPerFrameWebSocketCompressionSupported(false)
      .setIdleTimeout(IDLE_TIMEOUT_SECONDS);
    server = vertx.createHttpServer(options)
      .connectionHandler(connection -> StrictRequestDecoder.install(connection, options, config.readTimeout()))
      .requestHandler(router).invalidRequestHandler(Replies::invalidRequest);
    return server.listen();
  }

  /** Graceful: stop accepting, let requests in flight finish within the shutdown timeout. */
  @Override
  public Future<?> stop() {
    return server == null ? Future.succeededFuture() : server.shutdown(config.shutdownTimeout().toMillis(), TimeUnit.MILLISECONDS);
  }

  public int actualPort() {
    return server.actualPort();
  }

  /** First on every request: request id, security headers, CORS, access log; OPTIONS is answered here. */
  private void begin(RoutingContext context) {
    String requestId = RequestIds.from(context.request().getHeader(RequestIds.HEADER_NAME));
    context.put(Replies.REQUEST_ID, requestId);
    RequestLogContext.set(requestId);
    String source = sources.of(context.request());
    context.put(SOURCE, source);
    HttpServerResponse response = context.response();
    response.putHeader(RequestIds.HEADER_NAME, requestId);
    if (servingState.isDraining()) {
      // a client (or load balancer) keeping this connection would send its next request to an instance about to stop
      response.putHeader(HttpHeaders.CONNECTION, "close");
    }
    SecurityHeaders.apply(response.headers());
    // the pages are for people on this site: no other site may read them, whatever the API's CORS allows
    if (!AccountPages.covers(context.request().path())) {
      cors.apply(context.request(), response.headers());
    }
    accessLog.follow(context, source);
    if (context.request().method() == HttpMethod.OPTIONS) {
      Replies.write(context, null, null, Reply.ok(new JsonObject()));
      return;
    }
    context.next();
  }

  /** A request for one of the API's exact paths goes straight to its route; any other walks the routes below. */
  private void dispatchExact(RoutingContext context, ExactRoutes exactRoutes) {
    Route route = exactRoutes.find(context.request().method(), context.normalizedPath());
    if (route == null) {
      context.next();
      return;
    }
    // what the router does for a route it matches: the route's template labels the request's metrics
    context.request().routed(route.path());
    dispatch(context, route);
  }

  private void dispatch(RoutingContext context, Route route) {
    context.put(ROUTE, route.path());
    Optional<ApiError> refusal = RequestChecks.refusal(context.request(), context.body().buffer());
    if (refusal.isPresent()) {
      write(context, route, Reply.error(refusal.get()));
      return;
    }
    JsonBodies.Parsed parsed = bodies.parse(context.body().buffer());
    if (parsed.error() != null) {
      write(context, route, Reply.error(parsed.error()));
      return;
    }
    MultiMap query;
    try {
      query = context.queryParams();
    } catch (IllegalArgumentException | HttpException e) {
      write(context, route, Reply.error(RouterFailures.INVALID_QUERY));
      return;
    }
    authenticate(context.request().getHeader(HttpHeaders.AUTHORIZATION))
      .compose(check -> {
        if (check.refusal() != null) {
          return Future.succeededFuture(Reply.error(check.refusal()));
        }
        if (route.access() == Access.AUTHENTICATED && check.caller() == null) {
          return Future.succeededFuture(Reply.error(ApiError.anonymous(route.controller(), route.action())));
        }
        String userAgent = context.request().getHeader(HttpHeaders.USER_AGENT);
        ApiRequest request = new ApiRequest(context.get(Replies.REQUEST_ID), parsed.body(), query, context.pathParams(),
          Optional.ofNullable(check.caller()), context.get(SOURCE), userAgent == null ? "" : userAgent,
          Optional.ofNullable(context.request().getHeader(IDEMPOTENCY_KEY)),
          Optional.ofNullable(context.request().getHeader(DeviceMarkers.HEADER)));
        return invoke(route.operation(), request);
      })
      .onComplete(done -> write(context, route, done.succeeded() ? done.result() : Replies.forFailure(route, done.cause())));
  }

  /** No Authorization header, or another scheme: anonymous. A Bearer token: verified, and refused if bad or revoked. */
  private Future<TokenCheck> authenticate(String authorization) {
    if (authorization == null || !isBearer(authorization)) {
      return Future.succeededFuture(ANONYMOUS);
    }
    // whatever follows the scheme is the token: a malformed one (spaces inside, nothing at all) is refused, not ignored
    return authenticator.check(authorization.substring(BEARER.length()).trim());
  }

  /** {@code Bearer <token>}, the scheme in any case, the token possibly missing (no regex: this runs on every request). */
  private static boolean isBearer(String authorization) {
    return authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())
      && (authorization.length() == BEARER.length() || Character.isWhitespace(authorization.charAt(BEARER.length())));
  }

  private static Future<Reply> invoke(Operation operation, ApiRequest request) {
    try {
      return operation.handle(request);
    } catch (RuntimeException e) {
      return Future.failedFuture(e);
    }
  }

  private static void write(RoutingContext context, Route route, Reply reply) {
    Replies.write(context, route.controller(), route.action(), reply);
  }
}
