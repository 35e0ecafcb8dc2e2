package io.lanyard.web;

import io.vertx.core.http.HttpMethod;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The API's routes whose path has no parameter, found by method and path in one map read. vert.x-web tries a request against
 * each route in turn, and a type read, thirteenth in the table, paid for the twelve before it. A request not found here (a
 * parameter in its path, a trailing slash, another method) walks the router as before, which answers it as it always did.
 */
final class ExactRoutes {

  private final Map<HttpMethod, Map<String, Route>> byMethod = new HashMap<>();

  ExactRoutes(List<Route> routes) {
    for (Route route : routes) {
      if (route.path().indexOf(':') < 0) {
        // the first route of a method and path wins, as in the router
        byMethod.computeIfAbsent(route.method(), method -> new HashMap<>()).putIfAbsent(route.path(), route);
      }
    }
  }

  /** The route of exactly this method and normalised path, or null. */
  Route find(HttpMethod method, String path) {
    Map<String, Route> byPath = byMethod.get(method);
    return byPath == null ? null : byPath.get(path);
  }
}
