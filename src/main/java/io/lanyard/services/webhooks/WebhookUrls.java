package io.lanyard.services.webhooks;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** Where a subscription may send: an absolute https URL; plain http only for localhost (as application link URLs). */
public final class WebhookUrls {

  private static final Set<String> LOCAL_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]", "::1");
  private static final int MAX_LENGTH = 2048;

  private WebhookUrls() {
  }

  /** Why the URL cannot receive webhooks, or empty when it can. */
  public static Optional<String> problem(String url) {
    if (url == null || url.isBlank()) {
      return Optional.of("no URL given");
    }
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
    if (uri.getUserInfo() != null) {
      return Optional.of("the URL must not hold a user name or password");
    }
    if (scheme.equals("https") || (scheme.equals("http") && LOCAL_HOSTS.contains(host))) {
      return Optional.empty();
    }
    return Optional.of("the URL must use https (http only for localhost)");
  }
}
