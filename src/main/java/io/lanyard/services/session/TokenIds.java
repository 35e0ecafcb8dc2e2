package io.lanyard.services.session;

import java.security.SecureRandom;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * Token ids ({@code jti}) are UUID version 7 (RFC 9562): 74 random bits after the issue instant in milliseconds. The instant is
 * what session cut-offs compare against: {@code iat} has only second precision, so a token issued just after a global logout in
 * the same second would be refused, and one issued just before it would survive.
 */
public final class TokenIds {

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final long MAX_MILLIS = (1L << 48) - 1;

  private TokenIds() {
  }

  public static String newId(long issuedAtMillis) {
    long high = (issuedAtMillis & MAX_MILLIS) << 16 | 0x7000L | (RANDOM.nextLong() & 0x0FFFL);
    long low = (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
    return new UUID(high, low).toString();
  }

  /** The issue instant held by a version 7 id; empty for anything else. */
  public static OptionalLong issuedAt(String tokenId) {
    if (tokenId.length() != 36) {
      return OptionalLong.empty();
    }
    try {
      UUID id = UUID.fromString(tokenId);
      return id.version() == 7 && id.variant() == 2 ? OptionalLong.of(id.getMostSignificantBits() >>> 16) : OptionalLong.empty();
    } catch (IllegalArgumentException notAUuid) {
      return OptionalLong.empty();
    }
  }
}
