package io.lanyard.mail;

import java.util.Map;

/**
 * Fills {@code {{link}} {{email}} {{firstname}} {{salon}}} into a template. Values are HTML-escaped in the html part, so a
 * name or salon can never inject markup; the subject and text take them as they are (minus line breaks in the subject).
 */
public final class TemplateRenderer {

  private TemplateRenderer() {
  }

  /** @param values placeholder name (without braces) → value */
  public static RenderedMail render(MailTemplate template, String recipient, Map<String, String> values) {
    String subject = fill(template.subject(), values, false).replaceAll("[\\r\\n]+", " ");
    return new RenderedMail(template.kind(), recipient, subject, fill(template.text(), values, false),
      template.html().map(html -> fill(html, values, true)));
  }

  private static String fill(String text, Map<String, String> values, boolean escape) {
    String filled = text;
    for (Map.Entry<String, String> value : values.entrySet()) {
      String replacement = escape ? escapeHtml(value.getValue()) : value.getValue();
      filled = filled.replace("{{" + value.getKey() + "}}", replacement);
    }
    return filled;
  }

  static String escapeHtml(String value) {
    StringBuilder escaped = new StringBuilder(value.length() + 16);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '&' -> escaped.append("&amp;");
        case '<' -> escaped.append("&lt;");
        case '>' -> escaped.append("&gt;");
        case '"' -> escaped.append("&quot;");
        case '\'' -> escaped.append("&#39;");
        default -> escaped.append(c);
      }
    }
    return escaped.toString();
  }
}
