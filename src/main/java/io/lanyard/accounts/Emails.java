package io.lanyard.accounts;

import java.text.Normalizer;
import java.util.Locale;

/** E-mail addresses as stored and compared: trimmed, Unicode NFC, lower-cased; and the syntax accepted (DECISIONS.md §6). */
public final class Emails {

  public static final int MAX_LENGTH = 254;

  private Emails() {
  }

  public static String normalise(String email) {
    return Normalizer.normalize(email.trim(), Normalizer.Form.NFC).toLowerCase(Locale.ROOT);
  }

  /** @param email a normalised address */
  public static boolean isValid(String email) {
    if (email.isEmpty() || email.length() > MAX_LENGTH) {
      return false;
    }
    int at = email.indexOf('@');
    if (at <= 0 || at != email.lastIndexOf('@')) {
      return false;
    }
    for (int i = 0; i < email.length(); i++) {
      char c = email.charAt(i);
      if (Character.isWhitespace(c) || Character.isISOControl(c)) {
        return false;
      }
    }
    String domain = email.substring(at + 1);
    return domain.indexOf('.') > 0 && !domain.endsWith(".") && !domain.contains("..");
  }
}
