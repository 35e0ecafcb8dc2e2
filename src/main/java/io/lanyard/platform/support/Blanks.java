package io.lanyard.platform.support;

/**
 * Spaces, tabs and line breaks around a value go (copied from a form or a CSV); any other character stays, to be judged by the
 * value's rules. {@link String#trim} would quietly drop control characters at the ends too, NUL included.
 */
public final class Blanks {

  private Blanks() {
  }

  public static String trim(String text) {
    int start = 0;
    int end = text.length();
    while (start < end && isBlank(text.charAt(start))) {
      start++;
    }
    while (end > start && isBlank(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(start, end);
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
  }
}
