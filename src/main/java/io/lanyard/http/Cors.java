package io.lanyard.http;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpServerRequest;

import java.util.List;

/** CORS as Kuzzle answers it: the request's Origin echoed back when it is allowed. */
final class Cors {

  private static final String ALLOW_METHODS = "GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS";
  private static final String ALLOW_HEADERS = "Content-Type, Access-Control-Allow-Headers, Authorization, X-Requested-With, "
    + "Content-Length, Content-Encoding, X-Kuzzle-Volatile, X-Kuzzle-Request-Id";

  private final boolean anyOrigin;
  private final List<String> allowedOrigins;

  Cors(List<String> allowedOrigins) {
    this.anyOrigin = allowedOrigins.contains("*");
    this.allowedOrigins = allowedOrigins;
  }

  void apply(HttpServerRequest request, MultiMap responseHeaders) {
    responseHeaders.set("Vary", "Origin");
    String origin = request.getHeader("Origin");
    if (origin == null || !(anyOrigin || allowedOrigins.contains(origin))) {
      return;
    }
    responseHeaders
      .set("Access-Control-Allow-Origin", origin)
      .set("Access-Control-Allow-Credentials", "true")
      .set("Access-Control-Allow-Methods", ALLOW_METHODS)
      .set("Access-Control-Allow-Headers", ALLOW_HEADERS)
      .set("Access-Control-Expose-Headers", RequestIds.HEADER);
  }
}
