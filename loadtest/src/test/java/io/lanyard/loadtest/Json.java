package io.lanyard.loadtest;

import java.util.Map;

/** Request bodies: small JSON objects of strings (and nested objects), written without a JSON library. */
final class Json {

  private Json() {
  }

  /** @param fields name → String or nested Map, in the order given (use a LinkedHashMap or Map.of for small bodies) */
  static String object(Map<String, ?> fields) {
    StringBuilder json = new StringBuilder("{");
    fields.forEach((name, value) -> {
      if (json.length() > 1) {
        json.append(',');
      }
      json.append(string(name)).append(':');
      if (value instanceof Map<?, ?> nested) {
        @SuppressWarnings("unchecked")
        Map<String, ?> object = (Map<String, ?>) nested;
        json.append(object(object));
      } else {
        json.append(string(String.valueOf(value)));
      }
    });
    return json.append('}').toString();
  }

  static String string(String text) {
    StringBuilder quoted = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' || c == '\\') {
        quoted.append('\\').append(c);
      } else if (c < 0x20) {
        quoted.append(String.format("\\u%04x", (int) c));
      } else {
        quoted.append(c);
      }
    }
    return quoted.append('"').toString();
  }
}
