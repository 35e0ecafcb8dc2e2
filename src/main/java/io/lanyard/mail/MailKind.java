package io.lanyard.mail;

import java.util.Optional;

/** The mails the service sends: the account-creation link, and the welcome mail of a creation with password. */
public enum MailKind {
  ACCOUNT_LINK("account_link"),
  WELCOME("welcome");

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
