package io.lanyard.config;

/** Names that instances and verticles agree on: PostgreSQL NOTIFY channels and event-bus addresses. */
public final class Topics {

  /** NOTIFY channel: the ordered list of user types changed. */
  public static final String USER_TYPES_CHANGED = "lanyard_user_types";

  private Topics() {
  }
}
