package io.lanyard.model.accounts;

import io.lanyard.platform.support.Blanks;

import java.text.Normalizer;
import java.util.Locale;

/**
 * E-mail addresses as stored and compared, and the syntax accepted (docs/decisions.md §6, hardened in the spirit of RFC 8265 PRECIS
 * and UTS #39). Normalised: trimmed, Unicode NFKC (full-width and compatibility forms fold to their plain letters), then case
 * folded; unique on that form, so no look-alike of an existing address becomes a separate account. Refused: control, format
 * and invisible characters (zero-width space and joiner, soft hyphen, BOM, bidi controls, NBSP and other spaces), which make
 * two addresses look the same on screen while they differ.
 */
public final class Emails {

  public static final int MAX_LENGTH = 254;
  /** More rounds than any character needs to reach its fixed point (ẞ needs two). */
  private static final int MAX_FOLDS = 4;

  private Emails() {
  }

  /**
   * Upper then lower case: Java's nearest to Unicode case folding ({@code ß} and {@code SS} meet as {@code ss}), repeated
   * until nothing changes, so that the form is a fixed point: the capital sharp s {@code ẞ} lowers to {@code ß}, which one
   * more round folds to {@code ss}. The lockout normalises what lookups already normalised; both must land on one form.
   */
  public static String normalise(String email) {
    String current = Normalizer.normalize(Blanks.trim(email), Normalizer.Form.NFKC);
    for (int round = 0; round < MAX_FOLDS; round++) {
      String folded = Normalizer.normalize(current.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT), Normalizer.Form.NFKC);
      if (folded.equals(current)) {
        return folded;
      }
      current = folded;
    }
    return current;
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
    if (email.codePoints().anyMatch(Emails::isInvisible)) {
      return false;
    }
    String domain = email.substring(at + 1);
    return domain.indexOf('.') > 0 && !domain.endsWith(".") && !domain.contains("..");
  }

  /** Characters that draw nothing, or nothing different: never part of an address a person can read back. */
  static boolean isInvisible(int codePoint) {
    if (Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint)) {
      return true;
    }
    switch (Character.getType(codePoint)) {
      case Character.CONTROL, Character.FORMAT, Character.PRIVATE_USE, Character.SURROGATE, Character.UNASSIGNED,
        Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR -> {
        return true;
      }
      default -> {
        return isBlankLetter(codePoint);
      }
    }
  }

  /** Letters and marks that render as blank: Hangul fillers, the braille blank, the combining grapheme joiner, selectors. */
  private static boolean isBlankLetter(int codePoint) {
    return codePoint == 0x115F || codePoint == 0x1160 || codePoint == 0x3164 || codePoint == 0xFFA0 || codePoint == 0x2800
      || codePoint == 0x034F || (codePoint >= 0xFE00 && codePoint <= 0xFE0F) || (codePoint >= 0xE0100 && codePoint <= 0xE01EF)
      || (codePoint >= 0x180B && codePoint <= 0x180F);
  }
}
