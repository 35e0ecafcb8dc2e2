package io.lanyard.services.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.vertx.core.http.HttpMethod;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The per-request meters of the HTTP servers of one Vert.x, under Vert.x Micrometer's names and labels
 * ({@code vertx_http_server_requests_total}, {@code _response_time_seconds}, {@code _response_bytes} by
 * {@code route, method, code}; {@code _request_bytes}, {@code _active_requests} and {@code _request_resets_total} by
 * {@code method}), each made once and then reused: a request costs a map read by route and array reads by method and status,
 * with no tags built and no registry look-up.
 */
final class RequestMeters {

  private static final String PREFIX = "vertx.http.server.";
  private static final HttpMethod[] METHODS = {HttpMethod.GET, HttpMethod.HEAD, HttpMethod.POST, HttpMethod.PUT,
    HttpMethod.PATCH, HttpMethod.DELETE, HttpMethod.OPTIONS};
  private static final int OTHER_METHOD = METHODS.length;
  private static final int STATUSES = 600;

  private final MeterRegistry registry;
  private final MethodMeters[] byMethod = new MethodMeters[METHODS.length + 1];
  private final ConcurrentMap<String, RouteMeters> byRoute = new ConcurrentHashMap<>();

  RequestMeters(MeterRegistry registry) {
    this.registry = registry;
    for (int i = 0; i < byMethod.length; i++) {
      byMethod[i] = new MethodMeters(i == OTHER_METHOD ? "OTHER" : METHODS[i].name());
    }
  }

  static int methodIndex(HttpMethod method) {
    for (int i = 0; i < METHODS.length; i++) {
      if (METHODS[i].equals(method)) {
        return i;
      }
    }
    return OTHER_METHOD;
  }

  MethodMeters method(int method) {
    return byMethod[method];
  }

  StatusMeters status(String route, int method, int status) {
    RouteMeters meters = byRoute.get(route);
    if (meters == null) {
      meters = byRoute.computeIfAbsent(route, RouteMeters::new);
    }
    return meters.meters(method, status);
  }

  /** The meters labelled by method only. */
  final class MethodMeters {
    private final String name;
    private final LongAdder active = new LongAdder();
    private final DistributionSummary requestBytes;
    private final Counter resets;

    MethodMeters(String name) {
      this.name = name;
      Gauge.builder(PREFIX + "active.requests", active, LongAdder::doubleValue).description("Number of requests being processed")
        .tag("method", name).register(registry);
      requestBytes = DistributionSummary.builder(PREFIX + "request.bytes").description("Size of requests in bytes")
        .tag("method", name).register(registry);
      resets = Counter.builder(PREFIX + "request.resets").description("Number of request resets")
        .tag("method", name).register(registry);
    }

    LongAdder active() {
      return active;
    }

    DistributionSummary requestBytes() {
      return requestBytes;
    }

    Counter resets() {
      return resets;
    }
  }

  /** The meters of one route template, by method and status, made on first use. */
  private final class RouteMeters {
    private final String route;
    private final StatusMeters[][] byMethodAndStatus = new StatusMeters[METHODS.length + 1][];

    RouteMeters(String route) {
      this.route = route;
    }

    StatusMeters meters(int method, int status) {
      int index = status >= 0 && status < STATUSES ? status : 0;
      StatusMeters[] byStatus = byMethodAndStatus[method];
      StatusMeters meters = byStatus == null ? null : byStatus[index];
      return meters != null ? meters : make(method, index, status);
    }

    // Once per route, method and status; a reader racing it sees null and comes here too (StatusMeters' fields are final).
    private synchronized StatusMeters make(int method, int index, int status) {
      if (byMethodAndStatus[method] == null) {
        byMethodAndStatus[method] = new StatusMeters[STATUSES];
      }
      if (byMethodAndStatus[method][index] == null) {
        byMethodAndStatus[method][index] = statusMeters(route, byMethod[method].name, Integer.toString(status));
      }
      return byMethodAndStatus[method][index];
    }
  }

  private StatusMeters statusMeters(String route, String method, String code) {
    return new StatusMeters(
      Counter.builder(PREFIX + "requests").description("Number of processed requests")
        .tags("route", route, "method", method, "code", code).register(registry),
      Timer.builder(PREFIX + "response.time").description("Request processing time")
        .tags("route", route, "method", method, "code", code).register(registry),
      DistributionSummary.builder(PREFIX + "response.bytes").description("Size of responses in bytes")
        .tags("route", route, "method", method, "code", code).register(registry));
  }

  /** The meters of one route, method and status. */
  record StatusMeters(Counter requests, Timer responseTime, DistributionSummary responseBytes) {
  }
}
