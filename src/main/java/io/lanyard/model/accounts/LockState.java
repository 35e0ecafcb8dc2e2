package io.lanyard.model.accounts;

import java.time.Instant;
import java.util.Optional;

/**
 * An identifier's lockout as the help desk sees it (docs/helpdesk.md#someone-cannot-log-in).
 *
 * @param failures the consecutive failures that still count (0 once the window has passed without one)
 * @param lockedUntil when the lock ends, while there is one
 */
public record LockState(int failures, Optional<Instant> lockedUntil) {

  /** No failure on record, no lock. */
  public static final LockState FREE = new LockState(0, Optional.empty());

  public boolean isLocked() {
    return lockedUntil.isPresent();
  }
}
