package io.lanyard.web.pages;

import io.lanyard.model.applications.Application;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A page that says what happened and what to do next: the outcome pages (done, link expired, too many attempts) and the
 * pages of refusals (wrong method, not found, something broke). Built in one language, rendered by {@code message.mustache}.
 */
final class MessagePage {

  private final Messages messages;
  private final String language;
  private final Map<String, Object> model = new HashMap<>();
  private final List<String> paragraphs = new ArrayList<>();

  private MessagePage(Messages messages, String language, String titleKey) {
    this.messages = messages;
    this.language = language;
    model.put("title", messages.text(language, titleKey));
    model.put("paragraphs", paragraphs);
  }

  static MessagePage titled(Messages messages, String language, String titleKey) {
    return new MessagePage(messages, language, titleKey);
  }

  MessagePage paragraph(String key) {
    return paragraph(key, Map.of());
  }

  MessagePage paragraph(String key, Map<String, String> values) {
    paragraphs.add(messages.format(language, key, values));
    return this;
  }

  /** The one thing to do next, as a link. */
  MessagePage action(String href, String labelKey) {
    model.put("action", Map.of("href", href, "label", messages.text(language, labelKey)));
    return this;
  }

  /** The application's name in the banner and, when it has a return URL, the way back to it. */
  MessagePage application(Optional<Application> app) {
    app.ifPresent(found -> {
      model.put("appName", found.label());
      found.urls().returnUrl().ifPresent(url -> model.put("returnUrl", Map.of("href", url,
        "label", messages.format(language, "return_to", Map.of("app", found.label())))));
    });
    return this;
  }

  /** The way back to an application at an address of its own (a client's site), under its name. */
  MessagePage returnTo(String href, String app) {
    model.put("appName", app);
    model.put("returnUrl", Map.of("href", href, "label", messages.format(language, "return_to", Map.of("app", app))));
    return this;
  }

  MessagePage languageSwitch(String page, Map<String, String> keep) {
    model.put("switch", LanguageSwitch.to(language, page, keep));
    return this;
  }

  Page page(int status) {
    return Page.of(status, "message", language, Map.copyOf(model));
  }
}
