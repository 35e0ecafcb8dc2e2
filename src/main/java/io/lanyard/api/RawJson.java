package io.lanyard.api;

import io.vertx.core.json.Json;

/** A JSON value serialised once and written as it is, for a reply part that stays the same across many requests. */
public record RawJson(String json) {

  public static RawJson of(Object value) {
    return new RawJson(Json.encode(value));
  }
}
