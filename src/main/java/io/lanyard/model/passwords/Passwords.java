package io.lanyard.model.passwords;


import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The password rule of every route that sets one (docs/decisions.md §4): at least 8 characters, at most 72 UTF-8 bytes, no NUL.
 */
public final class Passwords {

  public static final int MIN_CHARACTERS = 8;

  private Passwords() {
  }

  /** Why the password is refused, or empty when it is acceptable. */
  public static Optional<String> problem(String password) {
    if (password.codePointCount(0, password.length()) < MIN_CHARACTERS) {
      return Optional.of("too_short");
    }
    if (password.getBytes(StandardCharsets.UTF_8).length > PasswordHasher.MAX_PASSWORD_BYTES) {
      return Optional.of("too_long");
    }
    if (password.indexOf('\u0000') >= 0) {
      // no one types it, and bcrypt implementations disagree on it: refused as any other invalid value
      return Optional.of("invalid_character");
    }
    return Optional.empty();
  }
}
