package io.lanyard.model.accounts;

import io.vertx.core.json.JsonObject;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A validated profile update: fields to set, fields to clear (sent as null), and the account language when it is part of it
 * ({@code language} lives in its own column: mails are sent in it).
 *
 * @param language empty when not sent; {@code Optional.of(Optional.empty())} when sent as null
 */
public record ProfileChange(JsonObject set, List<String> cleared, Optional<Optional<String>> language) {

  /** The names of the fields this change sets or clears (what a {@code user.profile_updated} webhook lists). */
  public List<String> fieldNames() {
    List<String> names = new ArrayList<>(set.fieldNames());
    names.addAll(cleared);
    language.ifPresent(value -> names.add("language"));
    return names;
  }
}
