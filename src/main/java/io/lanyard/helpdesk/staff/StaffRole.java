package io.lanyard.helpdesk.staff;

import java.util.Locale;
import java.util.Optional;

/** What a staff member may do in the console: {@code desk} answers visitors; {@code admin} may also erase accounts. */
public enum StaffRole {
  DESK, ADMIN;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Erasure is for {@code admin} only (docs/decisions.md §14). */
  public boolean mayErase() {
    return this == ADMIN;
  }

  public static Optional<StaffRole> fromWire(String value) {
    for (StaffRole role : values()) {
      if (role.wireName().equals(value)) {
        return Optional.of(role);
      }
    }
    return Optional.empty();
  }
}
