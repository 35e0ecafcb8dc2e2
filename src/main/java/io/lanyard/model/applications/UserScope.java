package io.lanyard.model.applications;

import java.util.Locale;
import java.util.Optional;

/** Which users an application may read and modify: none, only the user of the caller's JWT, or any user. */
public enum UserScope {
  NONE, SELF, ANY;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<UserScope> fromWire(String value) {
    for (UserScope scope : values()) {
      if (scope.wireName().equals(value)) {
        return Optional.of(scope);
      }
    }
    return Optional.empty();
  }
}
