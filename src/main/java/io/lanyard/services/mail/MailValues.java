package io.lanyard.services.mail;

/** Names of the values every mail template may use, besides {@code email}, {@code firstname} and {@code link}. */
public final class MailValues {

  /**
   * {@code {{application}}}: the name of the application the mail is sent for, as people know it (its display name, else its
   * name; empty for an account an operator created), so that built-in mails name the fair (docs/integrating.md, Templates).
   */
  public static final String APPLICATION = "application";

  private MailValues() {
  }
}
