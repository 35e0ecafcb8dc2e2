package io.lanyard.web;

import io.lanyard.services.throttling.DeviceMarkers;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;

import java.util.List;

/**
 * CORS as Kuzzle answers it: the request's Origin echoed back when it is allowed. Credentials (cookies, client certificates)
 * are allowed cross-origin only to origins named in {@code http.allowedOrigins}: {@code *} lets any page read replies, as the
 * Kuzzle SDK needs (it sends tokens in {@code Authorization}, not cookies), never with credentials. {@code Origin: null}
 * (sandboxed frames, {@code file:} pages, some redirects) is never allowed, whatever the setting.
 */
final class Cors {

  private static final String ALLOW_METHODS = "GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS";
  private static final String ALLOW_HEADERS = "Content-Type, Access-Control-Allow-Headers, Authorization, X-Requested-With, "
    + "Content-Length, Content-Encoding, X-Kuzzle-Volatile, X-Kuzzle-Request-Id, Idempotency-Key, "
    + DeviceMarkers.HEADER;
  /** What a browser client may read besides the safelisted headers: the request id, and when to retry a 503 or 429. */
  private static final String EXPOSE_HEADERS = RequestIds.HEADER + ", Retry-After";
  private static final String NULL_ORIGIN = "null";
  // sent on every reply, encoded once
  private static final CharSequence VARY = HttpHeaders.createOptimized("Vary");
  private static final CharSequence ORIGIN = HttpHeaders.createOptimized("Origin");

  private final boolean anyOrigin;
  private final List<String> allowedOrigins;

  Cors(List<String> allowedOrigins) {
    this.anyOrigin = allowedOrigins.contains("*");
    this.allowedOrigins = allowedOrigins;
  }

  void apply(HttpServerRequest request, MultiMap responseHeaders) {
    responseHeaders.set(VARY, ORIGIN);
    String origin = request.getHeader(HttpHeaders.ORIGIN);
    if (origin == null || origin.equals(NULL_ORIGIN)) {
      return;
    }
    boolean named = allowedOrigins.contains(origin);
    if (!(named || anyOrigin)) {
      return;
    }
    responseHeaders
      .set("Access-Control-Allow-Origin", origin)
      .set("Access-Control-Allow-Methods", ALLOW_METHODS)
      .set("Access-Control-Allow-Headers", ALLOW_HEADERS)
      .set("Access-Control-Expose-Headers", EXPOSE_HEADERS);
    if (named) {
      responseHeaders.set("Access-Control-Allow-Credentials", "true");
    }
  }
}
