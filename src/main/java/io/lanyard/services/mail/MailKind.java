package io.lanyard.services.mail;

import java.util.Optional;

/**
 * The mails the service sends. Each has built-in templates in every language, which an application may replace with its own
 * ({@code templates set}).
 */
public enum MailKind {
  /** The link of an account created by e-mail (or a pending account asking again). */
  ACCOUNT_LINK("account_link"),
  WELCOME("welcome"),
  PASSWORD_RESET("password_reset"),
  /** A notice: the password was changed (reset, changed by its owner, or set by an operator). */
  PASSWORD_CHANGED("password_changed"),
  /** The link confirming a new address, sent to that address. */
  EMAIL_CHANGE("email_change"),
  /** A notice to an address asked for as a new one, which already has an account: nothing will change. */
  EMAIL_IN_USE("email_in_use"),
  /** A notice to the old address once the change is confirmed. */
  EMAIL_CHANGED("email_changed"),
  ACCOUNT_DELETED("account_deleted");

  private final String wireName;

  MailKind(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public static Optional<MailKind> fromWire(String value) {
    for (MailKind kind : values()) {
      if (kind.wireName.equals(value)) {
        return Optional.of(kind);
      }
    }
    return Optional.empty();
  }
}
