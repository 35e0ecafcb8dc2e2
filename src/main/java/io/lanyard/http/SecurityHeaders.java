package io.lanyard.http;

import io.vertx.core.MultiMap;

/**
 * Headers every reply carries, whatever route or refusal wrote it: replies hold tokens and personal data, which no cache may
 * keep ({@code Cache-Control: no-store}), and are JSON or text that no browser may sniff into something else.
 */
final class SecurityHeaders {

  private SecurityHeaders() {
  }

  static void apply(MultiMap headers) {
    headers.set("X-Content-Type-Options", "nosniff").set("Cache-Control", "no-store");
  }
}
