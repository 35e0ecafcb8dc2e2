package io.lanyard.web.pages;

import io.lanyard.platform.templates.Template;
import io.lanyard.platform.templates.TemplateEngine;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pages' Mustache templates ({@code pages/templates/*.mustache}), compiled once at start by the service's one template
 * engine, which HTML-escapes every value: nothing a person or a link brings can become markup. The engine reads no files, so
 * the pieces pages share ({@code {{> top}}}, {@code {{> bottom}}}...) are put in place here, from the jar, before compiling.
 */
public final class PageTemplates {

  private static final String RESOURCES = "pages/templates/";
  private static final List<String> PAGES = List.of("form", "message", "passkeys");
  private static final Pattern PARTIAL = Pattern.compile("\\{\\{>\\s*([a-z-]+)\\s*}}");

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
    return load(RESOURCES, PAGES, Messages.load(), base);
  }

  /**
   * Another set of pages (the help desk's console), rendered alike.
   *
   * @param resources the folder of the templates and their partials on the classpath, ending with a slash
   */
  public static PageTemplates load(String resources, List<String> pages, Messages messages, String base) {
    Map<String, Template> compiled = new HashMap<>();
    for (String page : pages) {
      compiled.put(page, TemplateEngine.html("page " + page, withPartials(resources, read(resources, page))));
    }
    return new PageTemplates(Map.copyOf(compiled), messages, base);
  }

  /** The page's HTML: its model, plus its language's words ({@code t}), its {@code lang} and where the pages live. */
  public String render(Page page) {
    Map<String, Object> context = new HashMap<>(page.model());
    context.put("t", messages.of(page.language()));
    context.put("htmlLang", PageLanguage.htmlTag(page.language()));
    context.put("base", base);
    return templates.get(page.template()).render(context);
  }

  Messages messages() {
    return messages;
  }

  /** Shared pieces are one level deep: a partial holds no partial. */
  private static String withPartials(String resources, String source) {
    Matcher partial = PARTIAL.matcher(source);
    StringBuilder assembled = new StringBuilder();
    while (partial.find()) {
      partial.appendReplacement(assembled, Matcher.quoteReplacement(read(resources, partial.group(1))));
    }
    return partial.appendTail(assembled).toString();
  }

  private static String read(String resources, String name) {
    try (InputStream in = PageTemplates.class.getClassLoader().getResourceAsStream(resources + name + ".mustache")) {
      if (in == null) {
        throw new IllegalStateException("template " + name + " is missing from the classpath");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
