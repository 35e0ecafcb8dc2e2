package io.lanyard.platform.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * {@code http.publicUrl}: the service's address as people reach it, the base of the hosted pages' links (docs/decisions.md §9).
 * Absolute https with a host, plain http only for localhost (the rule of link URLs), no query or fragment; a path is allowed
 * (a proxy that serves the service under a prefix). Kept without its trailing slash, so {@code publicUrl + "/account/..."}.
 */
final class PublicUrl {

  private static final Set<String> LOCAL_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

  private PublicUrl() {
  }

  /** What is wrong with {@code url}, or empty when it can be a public URL. */
  static Optional<String> problem(String url) {
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      return Optional.of("an absolute URL");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
    if (!uri.isAbsolute() || host.isEmpty() || uri.getRawQuery() != null || uri.getRawFragment() != null
      || uri.getRawUserInfo() != null) {
      return Optional.of("an absolute URL with a host and no query, fragment or user");
    }
    if (!scheme.equals("https") && !(scheme.equals("http") && LOCAL_HOSTS.contains(host))) {
      return Optional.of("an https URL (http only for localhost)");
    }
    return Optional.empty();
  }

  static String withoutTrailingSlash(String url) {
    String trimmed = url;
    while (trimmed.endsWith("/")) {
      trimmed = trimmed.substring(0, trimmed.length() - 1);
    }
    return trimmed;
  }
}
