package io.lanyard.model.accounts;

import java.util.Optional;

/** An account about to be written: active with a password hash, or pending (created by link, no password yet). */
public record NewUser(String email, Optional<String> passwordHash, UserStatus status, String language,
                      Optional<String> fromSalon, Optional<String> fromSessionSalon, Optional<String> fromApplicationId) {

  /** An operator's account (CLI): active, no origin. */
  public static NewUser active(String email, String passwordHash, String language) {
    return new NewUser(email, Optional.of(passwordHash), UserStatus.ACTIVE, language, Optional.empty(), Optional.empty(),
      Optional.empty());
  }
}
