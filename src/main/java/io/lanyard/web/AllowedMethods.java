package io.lanyard.web;

import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;

import java.util.Set;
import java.util.TreeSet;

/**
 * The methods a path is served with, for the {@code Allow} header of a 405 (RFC 9110 §15.5.6): read from the router's own
 * routes, so a route added anywhere (the API, the OpenID Connect provider, the metrics) is named without a second list.
 */
final class AllowedMethods {

  private final Router router;

  AllowedMethods(Router router) {
    this.router = router;
  }

  /** The methods of every route whose path matches, OPTIONS included (answered on every path); empty when none matches. */
  Set<String> of(String path) {
    String bare = withoutTrailingSlash(path);
    Set<String> methods = new TreeSet<>();
    for (io.vertx.ext.web.Route route : router.getRoutes()) {
      Set<HttpMethod> served = route.methods();
      String template = route.getPath();
      if (served == null || served.isEmpty() || template == null || !matches(route, withoutTrailingSlash(template), bare)) {
        continue;
      }
      served.forEach(method -> methods.add(method.name()));
    }
    if (!methods.isEmpty()) {
      methods.add(HttpMethod.OPTIONS.name());
    }
    return methods;
  }

  private static boolean matches(io.vertx.ext.web.Route route, String template, String path) {
    if (!route.isExactPath()) {
      return path.startsWith(template);
    }
    return template.indexOf(':') < 0 ? template.equals(path) : matchesTemplate(template, path);
  }

  /** {@code /a/:id} against {@code /a/42}: a parameter takes one non-empty segment. */
  private static boolean matchesTemplate(String template, String path) {
    String[] expected = template.split("/", -1);
    String[] actual = path.split("/", -1);
    if (expected.length != actual.length) {
      return false;
    }
    for (int i = 0; i < expected.length; i++) {
      boolean parameter = expected[i].startsWith(":");
      if (parameter ? actual[i].isEmpty() : !expected[i].equals(actual[i])) {
        return false;
      }
    }
    return true;
  }

  private static String withoutTrailingSlash(String path) {
    return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
  }
}
