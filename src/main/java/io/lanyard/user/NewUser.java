package io.lanyard.user;

import java.util.Optional;

/** An account about to be written: active with a password hash, or pending (created by link, no password yet). */
public record NewUser(String email, Optional<String> passwordHash, UserStatus status, String language,
                      Optional<String> fromSalon, Optional<String> fromSessionSalon, Optional<String> fromApplicationId) {

  /** An operator's account (CLI): active, no origin. */
  public static NewUser active(String email, String passwordHash, String language) {
    return new NewUser(email, Optional.of(passwordHash), UserStatus.ACTIVE, language, Optional.empty(), Optional.empty(),
      Optional.empty());
  }

  /** An account created by a third-party application, with its origin. */
  public static NewUser fromApplication(CreateUserRequest request, Optional<String> passwordHash, String applicationId) {
    return new NewUser(request.email(), passwordHash, passwordHash.isPresent() ? UserStatus.ACTIVE : UserStatus.PENDING,
      request.language(), Optional.of(request.fromSalon()), Optional.of(request.fromSessionSalon()),
      Optional.of(applicationId));
  }
}
