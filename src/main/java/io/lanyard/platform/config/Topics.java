package io.lanyard.platform.config;

/** Names that instances and verticles agree on: PostgreSQL NOTIFY channels and event-bus addresses. */
public final class Topics {

  /** NOTIFY channel: the ordered list of user types changed. */
  public static final String USER_TYPES_CHANGED = "lanyard_user_types";

  /** NOTIFY channel: an application or one of its mail templates changed. */
  public static final String APPLICATIONS_CHANGED = "lanyard_applications";

  /** Event-bus address: mails were committed to the outbox; deliver them now rather than at the next poll. */
  public static final String MAIL_OUTBOX_NUDGE = "mail.outbox.nudge";

  /** Event-bus address: webhook deliveries were committed to the outbox; send them now rather than at the next poll. */
  public static final String WEBHOOK_OUTBOX_NUDGE = "webhooks.outbox.nudge";

  /** NOTIFY channel: a token was revoked by its id; the payload is the revocation (JSON). */
  public static final String TOKENS_REVOKED = "lanyard_tokens_revoked";

  /** NOTIFY channel: every token of a user issued before an instant was revoked; the payload is the cut-off (JSON). */
  public static final String SESSIONS_CUT = "lanyard_sessions_cut";

  /**
   * NOTIFY channel: a user's revocations were folded into one entry; the payload is the fold (JSON), or empty when it was too
   * long for NOTIFY (listeners then read it from the database).
   */
  public static final String SESSIONS_FOLDED = "lanyard_sessions_folded";

  private Topics() {
  }
}
