package io.lanyard.services.mail;

import io.lanyard.model.accounts.Languages;
import io.lanyard.platform.support.LiveCopy;
import io.lanyard.platform.templates.TemplateSyntaxException;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Every mail template, compiled, in memory (reloaded with the applications: same NOTIFY channel); and the choice of template
 * for a mail: the application's in the account's language, else in the other language, else the built-in one (docs/decisions.md
 * §9). Only with built-in templates turned off can there be none: code 187, logged here naming what is missing.
 */
public final class TemplateDirectory {

  private static final Logger log = LoggerFactory.getLogger(TemplateDirectory.class);

  private final LiveCopy<Map<String, CompiledMail>> templates;
  private final Optional<BuiltinTemplates> builtins;

  /** @param builtins empty when {@code mail.builtinTemplates} is off */
  public TemplateDirectory(LiveCopy<Map<String, CompiledMail>> templates, Optional<BuiltinTemplates> builtins) {
    this.templates = templates;
    this.builtins = builtins;
  }

  /**
   * The loader of the live copy: all templates keyed by application, kind and language. One that does not compile (saved
   * before templates were checked) is left out, with a warning, so its application falls back as if it had none.
   */
  public static Future<Map<String, CompiledMail>> load(TemplateRepository repository, SqlClient client) {
    return repository.listAll(client).map(all -> {
      Map<String, CompiledMail> byKey = new HashMap<>();
      for (MailTemplate template : all) {
        try {
          byKey.put(key(template.applicationId(), template.kind(), template.language()), CompiledMail.compile(template));
        } catch (TemplateSyntaxException e) {
          log.warn("Ignoring the {} template in {} of application {}: {}", template.kind().wireName(), template.language(),
            template.applicationId(), e.getMessage());
        }
      }
      return Map.copyOf(byKey);
    });
  }

  /**
   * The template for a mail to someone speaking {@code language} on behalf of an application (or of none: an account
   * created by an operator).
   *
   * @param applicationName for the log line of a missing template
   */
  public Future<Optional<CompiledMail>> find(Optional<String> applicationId, String applicationName, MailKind kind,
                                             String language) {
    String spoken = Languages.isSupported(language) ? language : Languages.SUPPORTED.get(0);
    if (applicationId.isEmpty()) {
      return Future.succeededFuture(builtin(applicationName, kind, spoken));
    }
    return templates.get().map(byKey -> {
      CompiledMail exact = byKey.get(key(applicationId.get(), kind, spoken));
      if (exact != null) {
        return Optional.of(exact);
      }
      Optional<CompiledMail> other = Languages.SUPPORTED.stream()
        .map(candidate -> byKey.get(key(applicationId.get(), kind, candidate)))
        .filter(Objects::nonNull)
        .findFirst();
      return other.isPresent() ? other : builtin(applicationName, kind, spoken);
    });
  }

  public Future<Optional<CompiledMail>> find(String applicationId, String applicationName, MailKind kind, String language) {
    return find(Optional.of(applicationId), applicationName, kind, language);
  }

  private Optional<CompiledMail> builtin(String applicationName, MailKind kind, String language) {
    if (builtins.isEmpty()) {
      log.warn("No {} mail template in {} or any other language for application {}, and built-in templates are off "
        + "(mail.builtinTemplates): statusCode 187", kind.wireName(), language, applicationName);
      return Optional.empty();
    }
    return Optional.of(builtins.get().get(kind, language));
  }

  private static String key(String applicationId, MailKind kind, String language) {
    return applicationId + "/" + kind.wireName() + "/" + language;
  }
}
