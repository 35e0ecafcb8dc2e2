package io.lanyard.accounts;

import java.util.Optional;

/**
 * The pending account a usable link was made for, as a hosted page shows it: in the account's language, under the name of
 * the application the account came from.
 */
public record LinkedAccount(String userId, Optional<String> language, Optional<String> applicationId) {
}
