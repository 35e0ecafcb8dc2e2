package io.lanyard.http;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpServerRequest;

import java.util.List;

/** CORS as Kuzzle answers it: the request's Origin echoed back when it is allowed. */
final class Cors {

  private static final String ALLOW_METHODS = "GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS";
  private static final String ALLOW_HEADERS = "Content-Type, Access-Control-Allow-Headers, Authorization, X-Requested-With, "
    + "Content-Length, Content-Encoding, X-Kuzzle-Volatile, X-Kuzzle-Request-Id, Idempotency-Key";
  /** What a browser client may read besides the safelisted headers: the request id, and when to retry a 503 or 429. */
  private static final String EXPOSE_HEADERS = RequestIds.HEADER + ", Retry-After";

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
      .set("Access-Control-Expose-Headers", EXPOSE_HEADERS);
  }
}
