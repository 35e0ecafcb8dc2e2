package io.lanyard.web.pages;

import java.util.HashMap;
import java.util.Map;

/**
 * A page to send: its status, the template that renders it, the language it speaks and what it shows.
 *
 * @param headers extra response headers ({@code Retry-After}, {@code Allow})
 */
public record Page(int status, String template, String language, Map<String, Object> model, Map<String, String> headers) {

  static Page of(int status, String template, String language, Map<String, Object> model) {
    return new Page(status, template, language, model, Map.of());
  }

  /** 303 See Other: the browser goes on to {@code location} with a GET. */
  static Page redirect(String location, String language) {
    return new Page(303, "message", language, Map.of(), Map.of("Location", location));
  }

  Page withHeader(String name, String value) {
    Map<String, String> more = new HashMap<>(headers);
    more.put(name, value);
    return new Page(status, template, language, model, Map.copyOf(more));
  }
}
