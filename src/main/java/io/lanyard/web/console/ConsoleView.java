package io.lanyard.web.console;

import io.lanyard.web.pages.Messages;
import io.lanyard.web.pages.Page;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One console page being built: its title, the banner every page shares (the staff member, the way back to the search, the
 * logout form) and what the page shows. Rendered by the console's templates, which escape every value.
 */
final class ConsoleView {

  private final Messages messages;
  private final String language;
  private final Map<String, Object> model = new HashMap<>();

  private ConsoleView(Messages messages, String language, String title, ConsolePaths paths) {
    this.messages = messages;
    this.language = language;
    model.put("title", title);
    model.put("consoleBase", paths.console());
    model.put("pagesBase", paths.pages());
  }

  /** A page for a staff member: with the banner's links and forms. */
  static ConsoleView forStaff(Messages messages, ConsoleRequest request, String titleKey, ConsolePaths paths) {
    ConsoleView view = new ConsoleView(messages, request.language(), messages.text(request.language(), titleKey), paths);
    view.model.put("formToken", request.formToken());
    view.model.put("staff", Map.of("email", request.staff().email(),
      "role", messages.text(request.language(), "role_" + request.staff().role().wireName())));
    return view;
  }

  /** A page for someone who is not (or no longer) signed in as staff: no banner links. */
  static ConsoleView anonymous(Messages messages, String language, String titleKey, ConsolePaths paths) {
    return new ConsoleView(messages, language, messages.text(language, titleKey), paths);
  }

  ConsoleView put(String key, Object value) {
    model.put(key, value);
    return this;
  }

  ConsoleView paragraphs(String... keys) {
    model.put("paragraphs", List.of(keys).stream().map(key -> messages.text(language, key)).toList());
    return this;
  }

  String text(String key) {
    return messages.text(language, key);
  }

  String format(String key, Map<String, String> values) {
    return messages.format(language, key, values);
  }

  Page page(int status, String template) {
    return Page.of(status, template, language, Map.copyOf(model));
  }
}
