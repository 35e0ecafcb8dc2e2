package io.lanyard.helpdesk;

import java.util.ArrayList;
import java.util.List;

/**
 * A search as the help desk typed it: the text, and which page of how many accounts.
 *
 * @param page 1 for the newest accounts found
 */
public record SearchRequest(String text, int limit, int page) {

  /** Fewer characters give no trigram to look up: every account would be read. */
  public static final int MIN_LENGTH = 3;
  /** Longer than any address (254) plus a name would not find anything more. */
  public static final int MAX_LENGTH = 254;
  public static final int DEFAULT_LIMIT = 20;
  public static final int MAX_LIMIT = 100;
  /** How deep paging goes: past it, a longer text finds the account sooner than the pages would. */
  public static final int MAX_DEPTH = 10_000;

  /** What is wrong with the request, one phrase each; empty when it can run. */
  public List<String> problems() {
    List<String> problems = new ArrayList<>();
    String stripped = text == null ? "" : text.strip();
    int length = stripped.codePointCount(0, stripped.length());
    if (length < MIN_LENGTH || length > MAX_LENGTH) {
      problems.add("TEXT: " + MIN_LENGTH + " to " + MAX_LENGTH + " characters");
    } else if (stripped.codePoints().anyMatch(Character::isISOControl)) {
      problems.add("TEXT: no control characters");
    }
    if (limit < 1 || limit > MAX_LIMIT) {
      problems.add("--limit: 1 to " + MAX_LIMIT);
    }
    if (page < 1 || limit >= 1 && (long) page * limit > MAX_DEPTH) {
      problems.add("--page: 1 or more, at most " + MAX_DEPTH + " accounts deep (page × limit)");
    }
    return problems;
  }

  /** The text looked for: as typed, without the spaces around it. */
  public String stripped() {
    return text.strip();
  }

  public int offset() {
    return (page - 1) * limit;
  }
}
