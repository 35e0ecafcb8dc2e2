package io.lanyard.web.pages;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** The visible switch to the other language: a plain link to the same page, keeping what the page needs (its link token). */
final class LanguageSwitch {

  private LanguageSwitch() {
  }

  /**
   * @param page the page's name under the pages' base ({@code activate})
   * @param keep query parameters the page needs again
   * @return the model of the switch: {@code href} (relative), {@code label} (in the other language), {@code htmlLang}
   */
  static Map<String, Object> to(String current, String page, Map<String, String> keep) {
    String other = PageLanguage.other(current);
    StringBuilder href = new StringBuilder(page).append('?');
    keep.forEach((name, value) -> href.append(name).append('=').append(URLEncoder.encode(value, StandardCharsets.UTF_8))
      .append('&'));
    href.append("lang=").append(other);
    Map<String, Object> model = new LinkedHashMap<>();
    model.put("href", href.toString());
    model.put("label", PageLanguage.FRENCH.equals(other) ? "Français" : "English");
    model.put("htmlLang", PageLanguage.htmlTag(other));
    return model;
  }
}
