package io.lanyard.boot.cli;

import io.lanyard.model.accounts.Languages;
import io.lanyard.model.applications.Application;
import io.lanyard.platform.templates.TemplateEngine;
import io.lanyard.services.mail.MailKind;
import io.lanyard.services.mail.MailTemplate;
import io.lanyard.services.mail.TemplateRepository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** {@code templates}: an application's mail templates, per kind and language. */
@Command(name = "templates", description = "Manage the mail templates of an application.",
  footer = "  java -jar lanyard.jar templates list --app badges",
  subcommands = {TemplatesCommand.Set.class, TemplatesCommand.ListTemplates.class})
final class TemplatesCommand {

  /** {@code {{salon}}} in any form ({@code {{{salon}}}}, {@code {{#salon}}}, {@code {{& salon}}}...). */
  private static final Pattern SALON = Pattern.compile("\\{\\{\\{?\\s*[#^/&]?\\s*salon\\s*}");
  private static final String KINDS = Arrays.stream(MailKind.values()).map(MailKind::wireName).collect(Collectors.joining(", "));

  @Command(name = "set", description = "Create or replace a template (Mustache). Values: {{link}} {{email}} {{newEmail}} "
    + "{{firstname}}.",
    footer = {"  java -jar lanyard.jar templates set --app badges --kind welcome \\",
      "    --language eng-GB --subject 'Welcome to Salon 2026' --text-file welcome.txt"})
  static final class Set extends RuntimeCommand {

    @Option(names = "--app", required = true, paramLabel = "NAME", description = "The application's name.")
    private String app;

    @Option(names = "--kind", required = true, paramLabel = "KIND", description = "account_link, welcome, password_reset, "
      + "password_changed, email_change, email_in_use, email_changed or account_deleted.")
    private String kind;

    @Option(names = "--language", required = true, paramLabel = "LANGUAGE", description = "fre-FR or eng-GB.")
    private String language;

    @Option(names = "--subject", required = true, paramLabel = "TEXT", description = "The subject line.")
    private String subject;

    @Option(names = "--text-file", required = true, paramLabel = "FILE", description = "The plain-text body (UTF-8).")
    private Path textFile;

    @Option(names = "--html-file", paramLabel = "FILE", description = "An HTML body (UTF-8); values are HTML-escaped in it.")
    private Path htmlFile;

    private MailKind mailKind;
    private String text;
    private Optional<String> html;

    @Override
    void checkArguments() {
      mailKind = MailKind.fromWire(kind)
        .orElseThrow(() -> refused("--kind: one of " + KINDS));
      if (!Languages.isSupported(language)) {
        throw refused("--language: fre-FR or eng-GB");
      }
      if (subject.isBlank()) {
        throw refused("--subject: must not be empty");
      }
      text = read(textFile, "--text-file");
      html = Optional.ofNullable(htmlFile).map(file -> read(file, "--html-file"));
      checkSyntax("--subject", subject);
      checkSyntax("--text-file", text);
      html.ifPresent(source -> checkSyntax("--html-file", source));
    }

    @Override
    int run(CliRuntime runtime) {
      Optional<Application> application = application(runtime, app);
      if (application.isEmpty()) {
        return 1;
      }
      Await.result(new TemplateRepository().save(runtime.pool(),
        new MailTemplate(application.get().id(), mailKind, language, subject, text, html)));
      out().println("Saved the " + kind + " template in " + language + " for " + app);
      return 0;
    }

    private void checkSyntax(String option, String source) {
      TemplateEngine.problem(source).ifPresent(problem -> {
        throw refused(option + ": not a valid Mustache template: " + problem);
      });
      if (SALON.matcher(source).find()) {
        throw refused(option + ": {{salon}} is no longer filled in: the fair's name comes "
          + "from the creating request, which anyone may send, and is never put in mail; write the fair's name in the template");
      }
    }

    private String read(Path file, String option) {
      try {
        return Files.readString(file);
      } catch (IOException e) {
        throw refused(option + ": cannot read " + file);
      }
    }
  }

  @Command(name = "list", description = "List an application's templates (kind, language, whether it has HTML, subject).",
    footer = "  java -jar lanyard.jar templates list --app badges")
  static final class ListTemplates extends RuntimeCommand {

    @Option(names = "--app", required = true, paramLabel = "NAME", description = "The application's name.")
    private String app;

    @Override
    int run(CliRuntime runtime) {
      Optional<Application> application = application(runtime, app);
      if (application.isEmpty()) {
        return 1;
      }
      PrintWriter out = out();
      out.println("kind\tlanguage\thtml\tsubject");
      for (MailTemplate template : Await.result(new TemplateRepository().listFor(runtime.pool(), application.get().id()))) {
        out.println(String.join("\t", template.kind().wireName(), template.language(),
          template.html().isPresent() ? "yes" : "no", template.subject()));
      }
      return 0;
    }
  }
}
