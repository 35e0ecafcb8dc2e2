package io.lanyard.model.applications;

import java.util.Optional;

/**
 * An application's URLs besides its account link (docs/decisions.md §9), each optional: where password-reset links lead, where
 * e-mail-change links lead (both holding {@code {token}}), and where people go back to once done.
 */
public record ApplicationUrls(Optional<String> resetUrl, Optional<String> emailUrl, Optional<String> returnUrl) {

  public static ApplicationUrls none() {
    return new ApplicationUrls(Optional.empty(), Optional.empty(), Optional.empty());
  }
}
