package io.lanyard.model.applications;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The URIs a client registers (redirect, post-logout, back-channel logout): absolute https with a host, plain http only on
 * loopback and {@code localhost} (a native app's loopback redirect, RFC 8252 §7.3, or a developer's machine), no fragment
 * (RFC 6749 §3.1.2), no user info. They are compared exactly at use, so what is registered is what must come.
 */
public final class RedirectUris {

  private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "::1");
  private static final int MAX_LENGTH = 2048;

  private RedirectUris() {
  }

  /** Why {@code uri} cannot be registered, or empty when it can. */
  public static Optional<String> problem(String uri) {
    if (uri == null || uri.isBlank()) {
      return Optional.of("the URI is empty");
    }
    if (uri.length() > MAX_LENGTH) {
      return Optional.of("the URI is longer than " + MAX_LENGTH + " characters");
    }
    URI parsed;
    try {
      parsed = new URI(uri);
    } catch (URISyntaxException e) {
      return Optional.of("not a valid URI");
    }
    String scheme = parsed.getScheme() == null ? "" : parsed.getScheme().toLowerCase(Locale.ROOT);
    String host = parsed.getHost() == null ? "" : parsed.getHost().toLowerCase(Locale.ROOT);
    if (!parsed.isAbsolute() || host.isEmpty() || parsed.getRawUserInfo() != null) {
      return Optional.of("the URI must be absolute, with a host and no user");
    }
    if (parsed.getRawFragment() != null) {
      return Optional.of("the URI must not have a fragment");
    }
    if (!scheme.equals("https") && !(scheme.equals("http") && LOOPBACK.contains(host))) {
      return Optional.of("the URI must be https (http only for localhost and loopback addresses)");
    }
    return Optional.empty();
  }
}
