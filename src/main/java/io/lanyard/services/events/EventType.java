package io.lanyard.services.events;

import java.util.Optional;

/** What a webhook subscription may ask for: the changes of an account that partner systems follow. */
public enum EventType {
  USER_CREATED("user.created"),
  USER_ACTIVATED("user.activated"),
  USER_PROFILE_UPDATED("user.profile_updated"),
  USER_EMAIL_CHANGED("user.email_changed"),
  USER_PASSWORD_CHANGED("user.password_changed"),
  USER_DISABLED("user.disabled"),
  USER_DELETED("user.deleted");

  private final String wireName;

  EventType(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public static Optional<EventType> fromWire(String value) {
    for (EventType type : values()) {
      if (type.wireName.equals(value)) {
        return Optional.of(type);
      }
    }
    return Optional.empty();
  }
}
