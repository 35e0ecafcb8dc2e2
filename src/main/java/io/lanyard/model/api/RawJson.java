package io.lanyard.model.api;

import com.fasterxml.jackson.core.io.SerializedString;
import io.vertx.core.json.Json;

/**
 * A JSON value serialised once, down to its UTF-8 bytes, and written as it is: for a reply part that stays the same across
 * many requests (the user types), so that a request copies bytes instead of encoding the value again.
 */
public record RawJson(SerializedString json) {

  public static RawJson of(Object value) {
    SerializedString json = new SerializedString(Json.encode(value));
    // the bytes are made here, once, rather than by whichever requests first write the value
    json.asUnquotedUTF8();
    return new RawJson(json);
  }
}
