package io.lanyard.platform.config;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Secrets that only look like secrets: placeholders copied from examples and documentation ({@code changeme…}, jwt.io's
 * {@code your-256-bit-secret}), and strings of obviously low entropy (few distinct characters, one short block repeated). A
 * deployment started with one signs tokens anyone can forge, so it does not start.
 */
final class WeakSecrets {

  private static final List<String> PLACEHOLDERS = List.of("changeme", "change-me", "change_me", "changeit",
    "your-256-bit-secret", "your_256_bit_secret", "your-secret", "your_secret", "yoursecret", "mysecret", "my-secret",
    "my_secret", "secret", "supersecret", "super-secret", "super_secret", "password", "placeholder", "replaceme",
    "replace-me", "replace_me", "example");
  /** Random text of 32 characters or more has far more; a secret typed by hand from a few keys has fewer. */
  private static final int MIN_DISTINCT_CHARACTERS = 8;

  private WeakSecrets() {
  }

  /** @return why the secret is refused, if it is */
  static Optional<String> problem(String secret) {
    String lower = secret.toLowerCase(Locale.ROOT);
    for (String placeholder : PLACEHOLDERS) {
      if (lower.startsWith(placeholder)) {
        return Optional.of("it is a placeholder from an example (\"" + placeholder + "…\"), not a secret");
      }
    }
    long distinct = secret.codePoints().distinct().count();
    if (distinct < MIN_DISTINCT_CHARACTERS) {
      return Optional.of("it uses only " + distinct + " different characters");
    }
    int period = smallestPeriod(secret);
    if (period <= secret.length() / 2) {
      return Optional.of("it repeats one block of " + period + " characters");
    }
    return Optional.empty();
  }

  /** The length of the shortest block whose repetition makes up the text (its own length when there is none). */
  private static int smallestPeriod(String text) {
    for (int period = 1; period <= text.length() / 2; period++) {
      if (isRepetition(text, period)) {
        return period;
      }
    }
    return text.length();
  }

  private static boolean isRepetition(String text, int period) {
    for (int i = period; i < text.length(); i++) {
      if (text.charAt(i) != text.charAt(i - period)) {
        return false;
      }
    }
    return true;
  }
}
