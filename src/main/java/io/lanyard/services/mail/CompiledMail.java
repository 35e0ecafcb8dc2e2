package io.lanyard.services.mail;

import io.lanyard.platform.templates.Template;
import io.lanyard.platform.templates.TemplateEngine;

import java.util.Map;
import java.util.Optional;

/**
 * A mail template ready to render: subject and text take values as they are, the html part HTML-escapes them. Compiled once,
 * when templates are loaded, and rendered for every mail.
 *
 * @param origin what the template is, for log lines: {@code built-in} or the application's id
 */
public record CompiledMail(String origin, MailKind kind, String language, Template subject, Template text,
                           Optional<Template> html) {

  /** @throws io.lanyard.platform.templates.TemplateSyntaxException when a part is not a valid Mustache template */
  public static CompiledMail compile(String origin, MailKind kind, String language, String subject, String text,
                                     Optional<String> html) {
    String name = origin + "/" + kind.wireName() + "/" + language;
    return new CompiledMail(origin, kind, language, TemplateEngine.plain(name + "/subject", subject),
      TemplateEngine.plain(name + "/text", text), html.map(source -> TemplateEngine.html(name + "/html", source)));
  }

  public static CompiledMail compile(MailTemplate template) {
    return compile(template.applicationId(), template.kind(), template.language(), template.subject(), template.text(),
      template.html());
  }

  /** @param values placeholder name → value ({@code link}, {@code email}, {@code firstname}, ...) */
  public RenderedMail render(String recipient, Map<String, ?> values) {
    // a line break in a value must never start a header of its own
    String renderedSubject = subject.render(values).replaceAll("[\\r\\n]+", " ").strip();
    return new RenderedMail(kind, recipient, renderedSubject, text.render(values), html.map(part -> part.render(values)));
  }
}
