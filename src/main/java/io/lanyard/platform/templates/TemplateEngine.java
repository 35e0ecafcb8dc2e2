package io.lanyard.platform.templates;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.MustacheException;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Optional;

/**
 * The one template engine of the service, for mail and pages alike: Mustache (mustache.java), logic-less. HTML templates
 * escape every {@code {{value}}}; plain ones (subjects, text bodies) take values as they are. Partials ({@code {{> name}}}) are
 * refused: a template is one self-contained text, whoever wrote it, and compiling one never reads a file.
 */
public final class TemplateEngine {

  private static final DefaultMustacheFactory HTML = new DefaultMustacheFactory(name -> null);
  private static final DefaultMustacheFactory PLAIN = new DefaultMustacheFactory(name -> null) {
    @Override
    public void encode(String value, Writer writer) {
      try {
        writer.write(value);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  };

  private TemplateEngine() {
  }

  /**
   * @param name what the template is, for error messages
   * @throws TemplateSyntaxException when the source is not a template Mustache can compile
   */
  public static Template html(String name, String source) {
    return compile(HTML, name, source);
  }

  /** @throws TemplateSyntaxException when the source is not a template Mustache can compile */
  public static Template plain(String name, String source) {
    return compile(PLAIN, name, source);
  }

  /** Why the source would not compile, or empty when it does: for the CLI, before a template is saved. */
  public static Optional<String> problem(String source) {
    try {
      compile(HTML, "template", source);
      return Optional.empty();
    } catch (TemplateSyntaxException e) {
      return Optional.of(e.getMessage());
    }
  }

  private static Template compile(DefaultMustacheFactory factory, String name, String source) {
    try {
      return new Template(factory.compile(new StringReader(source), name));
    } catch (MustacheException e) {
      throw new TemplateSyntaxException(name + ": " + e.getMessage());
    }
  }
}
