package io.lanyard.pages;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import com.github.mustachejava.MustacheFactory;

import java.io.StringWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The pages' Mustache templates ({@code pages/templates/*.mustache}), compiled once at start. Mustache is logic-less and
 * HTML-escapes every value, so nothing a person or a link brings can become markup.
 */
public final class PageTemplates {

  private static final String RESOURCES = "pages/templates";
  private static final List<String> PAGES = List.of("password-form", "message");

  private final Map<String, Mustache> templates;
  private final Messages messages;
  private final String base;

  private PageTemplates(Map<String, Mustache> templates, Messages messages, String base) {
    this.templates = templates;
    this.messages = messages;
    this.base = base;
  }

  /** @param base the path of the pages as people's browsers see it ({@code /account/}, or under the public URL's path) */
  public static PageTemplates load(String base) {
    MustacheFactory factory = new DefaultMustacheFactory(RESOURCES);
    Map<String, Mustache> compiled = new HashMap<>();
    for (String page : PAGES) {
      compiled.put(page, factory.compile(page + ".mustache"));
    }
    return new PageTemplates(Map.copyOf(compiled), Messages.load(), base);
  }

  /** The page's HTML: its model, plus its language's words ({@code t}), its {@code lang} and where the pages live. */
  public String render(Page page) {
    Map<String, Object> context = new HashMap<>(page.model());
    context.put("t", messages.of(page.language()));
    context.put("htmlLang", PageLanguage.htmlTag(page.language()));
    context.put("base", base);
    StringWriter html = new StringWriter();
    templates.get(page.template()).execute(html, context);
    return html.toString();
  }

  Messages messages() {
    return messages;
  }
}
