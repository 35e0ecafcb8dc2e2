package io.lanyard.partners.imports;

import io.vertx.core.json.JsonObject;

import java.util.Optional;

/**
 * A row that passed every rule: the account to create (active with its bcrypt hash, else pending) or, with
 * {@code --update-profiles}, the profile to merge into the existing one.
 *
 * @param email normalised
 * @param profile the profile fields given
 */
public record ImportRow(long line, String email, String language, String fromSalon, String fromSessionSalon,
                        JsonObject profile, Optional<String> passwordHash) {
}
