package io.lanyard.http;

import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/** A route that answers in a format of its own rather than the envelope: {@code GET /metrics} on the API port. */
public record PlainRoute(HttpMethod method, String path, Handler<RoutingContext> handler) {
}
