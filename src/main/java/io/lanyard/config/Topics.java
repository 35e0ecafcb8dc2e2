package io.lanyard.config;

/** Names that instances and verticles agree on: PostgreSQL NOTIFY channels and event-bus addresses. */
public final class Topics {

  /** NOTIFY channel: the ordered list of user types changed. */
  public static final String USER_TYPES_CHANGED = "lanyard_user_types";

  /** NOTIFY channel: an application or one of its mail templates changed. */
  public static final String APPLICATIONS_CHANGED = "lanyard_applications";

  /** Event-bus address: mails were committed to the outbox; deliver them now rather than at the next poll. */
  public static final String MAIL_OUTBOX_NUDGE = "mail.outbox.nudge";

  private Topics() {
  }
}
