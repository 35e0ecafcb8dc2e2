package io.lanyard.model.applications;

import io.lanyard.platform.support.HttpsUrls;

import java.util.Optional;

/**
 * The URIs a client registers (redirect, post-logout, back-channel logout): absolute https with a host, plain http only on
 * loopback and {@code localhost} (a native app's loopback redirect, RFC 8252 §7.3, or a developer's machine), no fragment
 * (RFC 6749 §3.1.2), no user info. They are compared exactly at use, so what is registered is what must come.
 */
public final class RedirectUris {

  private RedirectUris() {
  }

  /** Why {@code uri} cannot be registered, or empty when it can. */
  public static Optional<String> problem(String uri) {
    if (uri == null || uri.isBlank()) {
      return Optional.of("the URI is empty");
    }
    if (HttpsUrls.hasFragment(uri)) {
      return Optional.of("the URI must not have a fragment");
    }
    return HttpsUrls.problem(uri);
  }
}
