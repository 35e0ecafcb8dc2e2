package io.lanyard.services.mail;

import io.lanyard.model.accounts.Languages;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The templates shipped in the jar, for every kind of mail in every language ({@code mail/templates/<language>/<kind>.txt}
 * and {@code .html}): what a fresh install sends until an application has templates of its own. The text file's first line is
 * {@code Subject: ...}, then a blank line, then the body.
 */
public final class BuiltinTemplates {

  public static final String ORIGIN = "built-in";
  private static final String SUBJECT = "Subject: ";

  private final Map<String, Map<MailKind, CompiledMail>> byLanguage;

  private BuiltinTemplates(Map<String, Map<MailKind, CompiledMail>> byLanguage) {
    this.byLanguage = byLanguage;
  }

  /** Reads and compiles every built-in template; a missing or broken one is a packaging bug and fails start-up. */
  public static BuiltinTemplates load() {
    Map<String, Map<MailKind, CompiledMail>> all = new HashMap<>();
    for (String language : Languages.SUPPORTED) {
      Map<MailKind, CompiledMail> kinds = new EnumMap<>(MailKind.class);
      for (MailKind kind : MailKind.values()) {
        kinds.put(kind, read(language, kind));
      }
      all.put(language, kinds);
    }
    return new BuiltinTemplates(Map.copyOf(all));
  }

  /** @param language one of {@link Languages#SUPPORTED} */
  public CompiledMail get(MailKind kind, String language) {
    return byLanguage.getOrDefault(language, byLanguage.get(Languages.SUPPORTED.get(0))).get(kind);
  }

  private static CompiledMail read(String language, MailKind kind) {
    String base = "mail/templates/" + language + "/" + kind.wireName();
    String text = resource(base + ".txt").orElseThrow(() -> new IllegalStateException(base + ".txt is missing from the jar"));
    int endOfSubject = text.indexOf('\n');
    if (!text.startsWith(SUBJECT) || endOfSubject < 0) {
      throw new IllegalStateException(base + ".txt must start with a \"Subject: \" line");
    }
    String subject = text.substring(SUBJECT.length(), endOfSubject).strip();
    String body = text.substring(endOfSubject + 1).stripLeading();
    return CompiledMail.compile(ORIGIN, kind, language, subject, body, resource(base + ".html"));
  }

  private static Optional<String> resource(String path) {
    try (InputStream in = BuiltinTemplates.class.getClassLoader().getResourceAsStream(path)) {
      return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
