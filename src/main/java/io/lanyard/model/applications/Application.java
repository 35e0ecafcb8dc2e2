package io.lanyard.model.applications;

import java.time.Instant;
import java.util.Optional;

/**
 * A third-party application, as its token identifies it.
 *
 * @param linkUrl where account links lead ({@code {token}} and friends filled in)
 * @param urls its other link URLs and its return URL
 * @param displayName what people see on the hosted pages (the fair's name); the operator's {@code name} when absent
 */
public record Application(String id, String name, boolean canCreateUsers, UserScope userScope, Optional<String> linkUrl,
                          boolean enabled, Optional<Instant> revokedAt, Optional<Instant> expiresAt, ApplicationUrls urls,
                          Optional<String> displayName) {

  /** The name to show people. */
  public String label() {
    return displayName.orElse(name);
  }

  public boolean isRevoked() {
    return revokedAt.isPresent();
  }

  /** Enabled and not past its expiry. */
  public boolean isActive(Instant now) {
    return enabled && expiresAt.map(now::isBefore).orElse(true);
  }
}
