package io.lanyard.web.oidc;

import io.lanyard.model.api.RequestOrigin;
import io.lanyard.signin.oidc.Discovery;
import io.lanyard.signin.oidc.OAuthReply;
import io.lanyard.signin.oidc.OAuthRequest;
import io.lanyard.signin.oidc.OidcProvider;
import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The OpenID Connect provider's JSON endpoints (docs/decisions.md §13): discovery, token, userinfo, revocation and
 * introspection, answered in the formats their RFCs fix (never the Kuzzle envelope), each with {@code no-store}. The
 * browser's endpoints (authorization, end session) are pages, mounted with the hosted pages. Without {@code http.publicUrl}
 * the provider is off, and every one of its paths answers 404 with a JSON error saying so.
 */
public final class OidcEndpoints {

  public static final String AUTHORIZE = Discovery.AUTHORIZE;
  public static final String LOGOUT = Discovery.LOGOUT;
  private static final Logger log = LoggerFactory.getLogger(OidcEndpoints.class);
  private static final String JSON = "application/json; charset=utf-8";
  private static final String BEARER = "bearer ";
  /** The person's own consents (a self-service route, docs/decisions.md §13). */
  private static final String CONSENTS = "/oidc/consents";

  /** What the endpoints need of the HTTP layer: the request's origin (id, source, agent), and naming the route for the logs. */
  public interface Requests {
    RequestOrigin origin(RoutingContext context);

    void name(RoutingContext context, String route);
  }

  private final Optional<OidcProvider> provider;
  private final Requests requests;

  public OidcEndpoints(Optional<OidcProvider> provider, Requests requests) {
    this.provider = provider;
    this.requests = requests;
  }

  public void mount(Router router) {
    if (provider.isEmpty()) {
      for (String path : new String[] {Discovery.CONFIGURATION, "/oidc/*"}) {
        router.route(path).handler(context -> {
          requests.name(context, path);
          write(context, new OAuthReply(404, Map.of(), new JsonObject().put("error", "not_available")
            .put("error_description", "The OpenID Connect provider is off: the operator has not set http.publicUrl "
              + "(LANYARD_PUBLIC_URL), the issuer").encode()));
        });
      }
      return;
    }
    OidcProvider oidc = provider.get();
    router.get(Discovery.CONFIGURATION).handler(context -> {
      requests.name(context, Discovery.CONFIGURATION);
      write(context, new OAuthReply(200, Map.of("Cache-Control", "public, max-age=300"), oidc.configuration()));
    });
    post(router, Discovery.TOKEN, context -> oidc.token().handle(request(context, oidc), requests.origin(context)));
    post(router, Discovery.REVOKE, context -> oidc.revocation().handle(request(context, oidc)));
    post(router, Discovery.INTROSPECT, context -> oidc.introspection().handle(request(context, oidc)));
    router.get(CONSENTS).handler(context -> {
      requests.name(context, CONSENTS);
      reply(context, oidc.consents().list(bearer(context)));
    });
    router.delete(CONSENTS).handler(context -> {
      requests.name(context, CONSENTS);
      reply(context, oidc.consents().revoke(bearer(context), Optional.empty(), requests.origin(context)));
    });
    router.delete(CONSENTS + "/:clientId").handler(context -> {
      requests.name(context, CONSENTS + "/:clientId");
      reply(context, oidc.consents().revoke(bearer(context), Optional.of(context.pathParam("clientId")),
        requests.origin(context)));
    });
    for (HttpMethod method : new HttpMethod[] {HttpMethod.GET, HttpMethod.POST}) {
      router.route(method, Discovery.USERINFO).handler(context -> {
        requests.name(context, Discovery.USERINFO);
        reply(context, oidc.userInfo().handle(bearer(context)));
      });
    }
  }

  private void post(Router router, String path, Function<RoutingContext, Future<OAuthReply>> endpoint) {
    router.post(path).handler(context -> {
      requests.name(context, path);
      Future<OAuthReply> reply;
      try {
        reply = endpoint.apply(context);
      } catch (RuntimeException e) {
        reply = Future.failedFuture(e);
      }
      reply(context, reply);
    });
  }

  private void reply(RoutingContext context, Future<OAuthReply> reply) {
    reply.onComplete(done -> {
      if (done.succeeded()) {
        write(context, done.result());
        return;
      }
      log.error("{} {} failed", context.request().method(), context.request().path(), done.cause());
      write(context, new OAuthReply(500, Map.of("Cache-Control", "no-store"),
        new JsonObject().put("error", "server_error").encode()));
    });
  }

  /** The request as the library reads it: at its public address, with the headers that matter. */
  private static OAuthRequest request(RoutingContext context, OidcProvider oidc) {
    Map<String, String> headers = new LinkedHashMap<>();
    String authorization = context.request().getHeader(HttpHeaders.AUTHORIZATION);
    if (authorization != null) {
      headers.put("Authorization", authorization);
    }
    String contentType = context.request().getHeader(HttpHeaders.CONTENT_TYPE);
    if (contentType != null) {
      headers.put("Content-Type", contentType);
    }
    String body = context.body() == null || context.body().buffer() == null ? "" : context.body().asString();
    return new OAuthRequest(context.request().method().name(), URI.create(oidc.issuer() + context.request().path()), headers,
      body);
  }

  /** RFC 6750: the {@code Authorization} header, or a form-encoded POST's {@code access_token} (never the query). */
  private static Optional<String> bearer(RoutingContext context) {
    String header = context.request().getHeader(HttpHeaders.AUTHORIZATION);
    if (header != null && header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
      return Optional.of(header.substring(BEARER.length()).trim()).filter(token -> !token.isEmpty());
    }
    if (context.request().method() == HttpMethod.POST) {
      return Optional.ofNullable(context.request().getFormAttribute("access_token")).filter(token -> !token.isEmpty());
    }
    return Optional.empty();
  }

  private static void write(RoutingContext context, OAuthReply reply) {
    HttpServerResponse response = context.response();
    if (response.ended() || response.closed()) {
      return;
    }
    response.setStatusCode(reply.status());
    reply.headers().forEach(response::putHeader);
    if (reply.body().isEmpty()) {
      response.end();
      return;
    }
    if (!reply.headers().containsKey("Content-Type")) {
      response.putHeader(HttpHeaders.CONTENT_TYPE, JSON);
    }
    response.end(reply.body());
  }
}
