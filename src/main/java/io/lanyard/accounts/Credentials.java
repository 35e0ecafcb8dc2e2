package io.lanyard.accounts;

import java.util.Optional;

/** What login needs of an account. {@code passwordHash} is empty for an account created by link and not yet activated. */
public record Credentials(String userId, Optional<String> passwordHash, UserStatus status) {

  public boolean canLogIn() {
    return status == UserStatus.ACTIVE && passwordHash.isPresent();
  }
}
