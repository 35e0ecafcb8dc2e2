package io.lanyard.web.pages;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A page to send: its status, the template that renders it, the language it speaks and what it shows.
 *
 * @param headers extra response headers ({@code Retry-After}, {@code Allow})
 * @param cookies {@code Set-Cookie} values, each sent as a header of its own
 */
public record Page(int status, String template, String language, Map<String, Object> model, Map<String, String> headers,
                   List<String> cookies) {

  public static Page of(int status, String template, String language, Map<String, Object> model) {
    return new Page(status, template, language, model, Map.of(), List.of());
  }

  /** 303 See Other: the browser goes on to {@code location} with a GET. */
  public static Page redirect(String location, String language) {
    return new Page(303, "message", language, Map.of(), Map.of("Location", location), List.of());
  }

  public Page withHeader(String name, String value) {
    Map<String, String> more = new HashMap<>(headers);
    more.put(name, value);
    return new Page(status, template, language, model, Map.copyOf(more), cookies);
  }

  /** The page, setting one more cookie ({@code setCookie} is the header's value). */
  public Page withCookie(String setCookie) {
    List<String> more = new ArrayList<>(cookies);
    more.add(setCookie);
    return new Page(status, template, language, model, headers, List.copyOf(more));
  }
}
