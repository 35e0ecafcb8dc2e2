package io.lanyard.model.accounts;

import java.util.Optional;

/**
 * What a password check needs of an account. {@code passwordHash} is empty for an account created by link and not yet
 * activated; {@code email} is the normalised address (the identifier lockouts count by).
 */
public record Credentials(String userId, String email, Optional<String> passwordHash, UserStatus status) {

  public boolean canLogIn() {
    return status == UserStatus.ACTIVE && passwordHash.isPresent();
  }
}
