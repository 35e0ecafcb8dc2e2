package io.lanyard.http;

import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static net.logstash.logback.argument.StructuredArguments.keyValue;
import static net.logstash.logback.argument.StructuredArguments.value;

/**
 * One line per request on the {@code access} logger ({@code http.accessLog}): every request, only failures (4xx, 5xx) and
 * requests slower than {@code http.slowRequest}, or none. The logger writes in batches (logback's {@code access} appender).
 */
final class AccessLog {

  /** Which requests get a line. */
  enum Policy { ALL, ERRORS_AND_SLOW, OFF }

  private static final Logger log = LoggerFactory.getLogger("access");

  private final Policy policy;
  private final long slowNanos;

  AccessLog(Policy policy, Duration slowRequest) {
    this.policy = policy;
    this.slowNanos = slowRequest.toNanos();
  }

  static Policy policy(String setting) {
    return Policy.valueOf(setting.toUpperCase(Locale.ROOT).replace('-', '_'));
  }

  /** Logs the request when its reply has gone, if the policy wants it; {@code started} is from {@link System#nanoTime()}. */
  void attach(RoutingContext context, long started, String source, String routeKey) {
    if (policy == Policy.OFF) {
      return;
    }
    context.addEndHandler(done -> {
      long elapsed = System.nanoTime() - started;
      int status = context.response().getStatusCode();
      if (policy == Policy.ALL || status >= 400 || elapsed > slowNanos) {
        // The message reads as before in text; JSON lines get each part as a field, and the route template and source besides.
        log.info("{} {} {} {}ms", value("method", context.request().method().name()), value("path", context.request().path()),
          value("status", status), value("durationMs", TimeUnit.NANOSECONDS.toMillis(elapsed)),
          keyValue("route", context.get(routeKey)), keyValue("source", source));
      }
    });
  }
}
