package io.lanyard.web;

import io.vertx.core.http.HttpHeaders;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/** The request id: the client's {@code X-Kuzzle-Request-Id} when it is safe to echo and log, else a new UUID v4. */
final class RequestIds {

  static final String HEADER = "X-Kuzzle-Request-Id";
  /** The same name encoded once, for every request that reads it and every reply that writes it. */
  static final CharSequence HEADER_NAME = HttpHeaders.createOptimized(HEADER);

  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

  private RequestIds() {
  }

  static String from(String header) {
    if (header != null && SAFE.matcher(header).matches()) {
      return header;
    }
    return randomUuid();
  }

  /** A version 4 UUID; request ids need uniqueness, not secrecy, so no SecureRandom lock on the hot path. */
  private static String randomUuid() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    long high = (random.nextLong() & ~0xF000L) | 0x4000L;
    long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
    return new UUID(high, low).toString();
  }
}
