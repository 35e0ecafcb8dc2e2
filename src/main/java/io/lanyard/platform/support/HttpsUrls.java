package io.lanyard.platform.support;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Where the service sends people or requests (link URLs, webhook receivers, OpenID Connect redirect URIs): an absolute https
 * URL with a host and no user name or password; plain http only for localhost and loopback addresses, where nothing crosses a
 * network.
 */
public final class HttpsUrls {

  public static final int MAX_LENGTH = 2048;
  private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

  private HttpsUrls() {
  }

  /** Why {@code url} (not blank) cannot be such an address, or empty when it can. */
  public static Optional<String> problem(String url) {
    if (url.length() > MAX_LENGTH) {
      return Optional.of("the URL is longer than " + MAX_LENGTH + " characters");
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      return Optional.of("not a valid URL");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
    if (!uri.isAbsolute() || host.isEmpty()) {
      return Optional.of("the URL must be absolute, with a host");
    }
    if (uri.getRawUserInfo() != null) {
      return Optional.of("the URL must not hold a user name or password");
    }
    if (scheme.equals("https") || (scheme.equals("http") && LOOPBACK.contains(host))) {
      return Optional.empty();
    }
    return Optional.of("the URL must use https (http only for localhost)");
  }

  /** Whether {@code url} has a fragment, which a redirect URI must not (RFC 6749 §3.1.2). */
  public static boolean hasFragment(String url) {
    try {
      return new URI(url).getRawFragment() != null;
    } catch (URISyntaxException e) {
      return false;
    }
  }
}
