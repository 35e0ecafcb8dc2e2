package io.lanyard.web;

import io.lanyard.platform.support.LogFormat;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static net.logstash.logback.argument.StructuredArguments.keyValue;
import static net.logstash.logback.argument.StructuredArguments.value;

/**
 * One line per request on the {@code access} logger: {@code POST /_login/local 401 12ms 203.0.113.7}, the source being the
 * client address of docs/decisions.md §7 (through trusted proxies). A request whose connection closed before its reply was sent
 * (the client gave up, or was cut for reading too slowly) says so instead of a status: the status a reply would have had was
 * never sent. JSON lines carry each part as a field, and the route template besides; {@code status} is absent on those.
 * {@code http.accessLog} chooses the requests: all, only failures (4xx, 5xx, closed) and those slower than
 * {@code http.slowRequest}, or none. The logger writes in batches (logback's {@code access} appender). Text lines are
 * made here, in one pass; the structured arguments that JSON lines take their fields from are made only for JSON.
 */
final class AccessLog {

  /** Which requests get a line. */
  enum Policy { ALL, ERRORS_AND_SLOW, OFF }

  /** The routing-context key of the matched route's template. */
  static final String ROUTE = "lanyard.route";

  private static final Logger log = LoggerFactory.getLogger("access");
  private static final String CLOSED = "closed";

  private final Policy policy;
  private final long slowNanos;
  private final boolean structured = LogFormat.isJson();

  AccessLog(Policy policy, Duration slowRequest) {
    this.policy = policy;
    this.slowNanos = slowRequest.toNanos();
  }

  /** {@code all}, {@code errors-and-slow} or {@code off} (config checks the spelling). */
  static Policy policy(String setting) {
    return Policy.valueOf(setting.toUpperCase(Locale.ROOT).replace('-', '_'));
  }

  /** Logs the request once it ends, however it ends, if the policy wants it. */
  void follow(RoutingContext context, String source) {
    if (policy == Policy.OFF) {
      return;
    }
    long started = System.nanoTime();
    HttpServerResponse response = context.response();
    context.addEndHandler(done -> {
      long elapsed = System.nanoTime() - started;
      boolean sent = response.ended();
      if (policy == Policy.ERRORS_AND_SLOW && sent && response.getStatusCode() < 400 && elapsed <= slowNanos) {
        return;
      }
      String method = context.request().method().name();
      String path = context.request().path();
      long millis = TimeUnit.NANOSECONDS.toMillis(elapsed);
      if (!structured) {
        log.info(textLine(method, path, sent ? response.getStatusCode() : -1, millis, source));
      } else if (sent) {
        log.info("{} {} {} {}ms {}", value("method", method), value("path", path), value("status", response.getStatusCode()),
          value("durationMs", millis), value("source", source), keyValue("route", context.get(ROUTE)));
      } else {
        log.info("{} {} {} {}ms {}", value("method", method), value("path", path), value("outcome", CLOSED),
          value("durationMs", millis), value("source", source), keyValue("route", context.get(ROUTE)));
      }
    });
  }

  /**
   * The message a JSON line has, made without its arguments, and logged with none: the path is the client's, so it must never
   * be read as a format to fill in.
   */
  private static String textLine(String method, String path, int status, long millis, String source) {
    StringBuilder line = new StringBuilder(96).append(method).append(' ').append(path).append(' ');
    if (status < 0) {
      line.append(CLOSED);
    } else {
      line.append(status);
    }
    return line.append(' ').append(millis).append("ms ").append(source).toString();
  }
}
