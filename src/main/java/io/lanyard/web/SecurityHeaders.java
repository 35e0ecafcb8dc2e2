package io.lanyard.web;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;

/**
 * Headers every reply carries, whatever route or refusal wrote it: replies hold tokens and personal data, which no cache may
 * keep ({@code Cache-Control: no-store}), and are JSON or text that no browser may sniff into something else.
 */
final class SecurityHeaders {

  // encoded once: every reply sends them (Vert.x then copies their bytes instead of encoding each character)
  private static final CharSequence CONTENT_TYPE_OPTIONS = HttpHeaders.createOptimized("X-Content-Type-Options");
  private static final CharSequence NOSNIFF = HttpHeaders.createOptimized("nosniff");
  private static final CharSequence CACHE_CONTROL = HttpHeaders.createOptimized("Cache-Control");
  private static final CharSequence NO_STORE = HttpHeaders.createOptimized("no-store");

  private SecurityHeaders() {
  }

  static void apply(MultiMap headers) {
    headers.set(CONTENT_TYPE_OPTIONS, NOSNIFF).set(CACHE_CONTROL, NO_STORE);
  }
}
