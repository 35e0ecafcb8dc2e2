package io.lanyard.model.accounts;

import io.vertx.core.json.JsonObject;

import java.util.Optional;

/**
 * An account as its owner sees it: no password hash, no internal columns. {@code profile} is the stored profile object;
 * {@code email} is null only for an erased account.
 *
 * @param fromSalon the fair it was created for, if any
 * @param applicationId the application it was created through, if any (none for an operator's account)
 */
public record Account(String id, String email, UserStatus status, String language, JsonObject profile,
                      Optional<String> fromSalon, Optional<String> applicationId) {

  /** Kuzzle's user shape, {@code {_id, _source}}; the profile stays one object, so its fields never clash with the account's. */
  public JsonObject toKuzzleUser() {
    return new JsonObject()
      .put("_id", id)
      .put("_source", new JsonObject()
        .put("email", email)
        .put("status", status.wireName())
        .put("language", language)
        .put("profileData", profile.copy()));
  }

  /** The profile's first name, or empty: what mails greet people with. */
  public String firstname() {
    return profile.getValue("firstname") instanceof String name ? name : "";
  }
}
