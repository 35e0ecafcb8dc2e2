package io.lanyard.mail;

import io.lanyard.accounts.Languages;
import io.lanyard.support.LiveCopy;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Every mail template, in memory; reloaded with the applications (same NOTIFY channel). */
public final class TemplateDirectory {

  private final LiveCopy<Map<String, MailTemplate>> templates;

  public TemplateDirectory(LiveCopy<Map<String, MailTemplate>> templates) {
    this.templates = templates;
  }

  /** The loader of the live copy: all templates keyed by application, kind and language. */
  public static Future<Map<String, MailTemplate>> load(TemplateRepository repository, SqlClient client) {
    return repository.listAll(client).map(all -> {
      Map<String, MailTemplate> byKey = new HashMap<>();
      all.forEach(template -> byKey.put(key(template.applicationId(), template.kind(), template.language()), template));
      return Map.copyOf(byKey);
    });
  }

  /** The template in the user's language, else in the other one (DECISIONS.md §4, code 187 when neither exists). */
  public Future<Optional<MailTemplate>> find(String applicationId, MailKind kind, String language) {
    return templates.get().map(byKey -> {
      MailTemplate exact = byKey.get(key(applicationId, kind, language));
      if (exact != null) {
        return Optional.of(exact);
      }
      return Languages.SUPPORTED.stream()
        .map(other -> byKey.get(key(applicationId, kind, other)))
        .filter(Objects::nonNull)
        .findFirst();
    });
  }

  private static String key(String applicationId, MailKind kind, String language) {
    return applicationId + "/" + kind.wireName() + "/" + language;
  }
}
