package io.lanyard.pages;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The pages' Mustache templates ({@code pages/templates/*.mustache}), compiled once at start. Mustache is logic-less and
 * HTML-escapes every value, so nothing a person or a link brings can become markup; a value the model lacks fails loudly.
 */
public final class PageTemplates {

  private static final String RESOURCES = "pages/templates/";
  private static final List<String> PAGES = List.of("password-form", "message");

  private final Map<String, Template> templates;
  private final Messages messages;
  private final String base;

  private PageTemplates(Map<String, Template> templates, Messages messages, String base) {
    this.templates = templates;
    this.messages = messages;
    this.base = base;
  }

  /** @param base the path of the pages as people's browsers see it ({@code /account/}, or under the public URL's path) */
  public static PageTemplates load(String base) {
    Mustache.Compiler compiler = Mustache.compiler().escapeHTML(true).emptyStringIsFalse(true)
      .withLoader(PageTemplates::reader);
    Map<String, Template> compiled = new HashMap<>();
    for (String page : PAGES) {
      try (Reader reader = reader(page)) {
        compiled.put(page, compiler.compile(reader));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return new PageTemplates(Map.copyOf(compiled), Messages.load(), base);
  }

  /** The page's HTML: its model, plus its language's words ({@code t}), its {@code lang} and where the pages live. */
  public String render(Page page) {
    Map<String, Object> context = new HashMap<>(page.model());
    context.put("t", messages.of(page.language()));
    context.put("htmlLang", PageLanguage.htmlTag(page.language()));
    context.put("base", base);
    return templates.get(page.template()).execute(context);
  }

  Messages messages() {
    return messages;
  }

  private static Reader reader(String name) {
    InputStream in = PageTemplates.class.getClassLoader().getResourceAsStream(RESOURCES + name + ".mustache");
    if (in == null) {
      throw new IllegalStateException("template " + name + " is missing from the classpath");
    }
    return new InputStreamReader(in, StandardCharsets.UTF_8);
  }
}
