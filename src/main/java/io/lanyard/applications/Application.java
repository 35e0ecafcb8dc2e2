package io.lanyard.applications;

import java.time.Instant;
import java.util.Optional;

/** A third-party application, as its token identifies it. */
public record Application(String id, String name, boolean canCreateUsers, UserScope userScope, Optional<String> linkUrl,
                          boolean enabled, Optional<Instant> revokedAt, Optional<Instant> expiresAt) {

  public boolean isRevoked() {
    return revokedAt.isPresent();
  }

  /** Enabled and not past its expiry. */
  public boolean isActive(Instant now) {
    return enabled && expiresAt.map(now::isBefore).orElse(true);
  }
}
