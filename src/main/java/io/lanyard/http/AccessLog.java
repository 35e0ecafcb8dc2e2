package io.lanyard.http;

import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;

import static net.logstash.logback.argument.StructuredArguments.keyValue;
import static net.logstash.logback.argument.StructuredArguments.value;

/**
 * One line per request on the {@code access} logger: {@code POST /_login/local 401 12ms 203.0.113.7}, the source being the
 * client address of DECISIONS.md §7 (through trusted proxies). A request whose connection closed before its reply was sent
 * (the client gave up, or was cut for reading too slowly) says so instead of a status: the status a reply would have had was
 * never sent. JSON lines carry each part as a field, and the route template besides; {@code status} is absent on those.
 */
final class AccessLog {

  /** The routing-context key of the matched route's template. */
  static final String ROUTE = "lanyard.route";

  private static final Logger log = LoggerFactory.getLogger("access");
  private static final String CLOSED = "closed";

  private AccessLog() {
  }

  /** Logs the request once it ends, however it ends. */
  static void follow(RoutingContext context, String source) {
    long started = System.nanoTime();
    HttpServerResponse response = context.response();
    context.addEndHandler(done -> {
      String method = context.request().method().name();
      String path = context.request().path();
      long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
      if (response.ended()) {
        log.info("{} {} {} {}ms {}", value("method", method), value("path", path), value("status", response.getStatusCode()),
          value("durationMs", millis), value("source", source), keyValue("route", context.get(ROUTE)));
      } else {
        log.info("{} {} {} {}ms {}", value("method", method), value("path", path), value("outcome", CLOSED),
          value("durationMs", millis), value("source", source), keyValue("route", context.get(ROUTE)));
      }
    });
  }
}
