package io.lanyard.accounts;

import io.vertx.core.json.JsonObject;

/** An account as its owner sees it: no password hash, no internal columns. {@code profile} is the stored profile object. */
public record Account(String id, String email, UserStatus status, String language, JsonObject profile) {

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
}
