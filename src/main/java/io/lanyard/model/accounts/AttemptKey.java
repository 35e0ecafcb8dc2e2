package io.lanyard.model.accounts;

import java.util.Optional;

/**
 * Whom a password attempt is for, as the lockout and the hash queue see it.
 *
 * @param email the normalised name typed
 * @param markerIdentifier the lockout identifier of a device marker the client showed for that name and that checked out
 *   (docs/security.md#device-markers); the attempt is then counted by it instead of the name, and hashed in the reserve
 */
public record AttemptKey(String email, Optional<String> markerIdentifier) {

  /** An attempt without a marker: counted by the name. */
  public static AttemptKey of(String email) {
    return new AttemptKey(email, Optional.empty());
  }

  /** What the lockout counts this attempt by. */
  public String lockoutIdentifier() {
    return markerIdentifier.orElse(email);
  }

  public boolean isMarked() {
    return markerIdentifier.isPresent();
  }
}
