package io.lanyard.web.pages;

import io.lanyard.model.accounts.Languages;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The words of the pages, per language ({@code pages/messages/<language>.properties}, UTF-8). A few take values, written
 * {@code {name}}; values are filled in as text, and the template escapes the whole.
 */
public final class Messages {

  private static final String RESOURCES = "pages/messages/";

  private final Map<String, Map<String, String>> byLanguage;

  private Messages(Map<String, Map<String, String>> byLanguage) {
    this.byLanguage = byLanguage;
  }

  static Messages load() {
    return load(RESOURCES);
  }

  /** @param resources the folder of {@code <language>.properties} on the classpath, ending with a slash */
  public static Messages load(String resources) {
    Map<String, Map<String, String>> all = new HashMap<>();
    for (String language : Languages.SUPPORTED) {
      all.put(language, read(resources + language + ".properties"));
    }
    return new Messages(Map.copyOf(all));
  }

  /** Every message of a language, as templates read them ({@code {{t.key}}}). */
  public Map<String, String> of(String language) {
    return byLanguage.get(language);
  }

  public String text(String language, String key) {
    String text = of(language).get(key);
    if (text == null) {
      throw new IllegalArgumentException("no message " + key + " in " + language);
    }
    return text;
  }

  /** @param values name → value, for {@code {name}} in the message */
  public String format(String language, String key, Map<String, String> values) {
    String text = text(language, key);
    for (Map.Entry<String, String> value : values.entrySet()) {
      text = text.replace("{" + value.getKey() + "}", value.getValue());
    }
    return text;
  }

  private static Map<String, String> read(String resource) {
    try (InputStream in = Messages.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is missing from the classpath");
      }
      Properties properties = new Properties();
      properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
      Map<String, String> messages = new HashMap<>();
      properties.stringPropertyNames().forEach(key -> messages.put(key, properties.getProperty(key)));
      return Map.copyOf(messages);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
