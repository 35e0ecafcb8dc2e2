package io.lanyard.platform.config;

import io.vertx.core.json.JsonObject;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * What {@link Settings} renders: the defaults the loader starts from, {@code conf/config.json} (the same defaults, for an
 * operator to copy) and the reference table of docs/configuration.md. {@code SettingsReferenceTest} compares the two files with
 * these renderings, and rewrites them when run with {@code -Dlanyard.writeReference=true}.
 */
public final class SettingsReference {

  private SettingsReference() {
  }

  /** The defaults as a configuration file holds them: one object per dotted level. */
  public static JsonObject defaults() {
    JsonObject root = new JsonObject();
    for (Setting setting : Settings.ALL) {
      setting.path().ifPresent(path -> put(root, path, setting.defaultValue()));
    }
    return root;
  }

  /** {@code conf/config.json}: the defaults, two spaces per level, as a person would write them. */
  public static String configFile() {
    return json(defaults(), "") + "\n";
  }

  /** The rows of docs/configuration.md's "Settings" table, header included. */
  public static String markdownTable() {
    return "| Setting | Environment variable | Default | Value | Meaning |\n|---|---|---|---|---|\n" + Settings.ALL.stream()
      .map(setting -> "| " + setting.path().map(path -> "`" + path + "`").orElse("—")
        + " | " + variables(setting)
        + " | " + shownDefault(setting)
        + " | " + setting.kind().describe()
        + " | " + setting.meaning() + " |\n")
      .collect(Collectors.joining());
  }

  private static String variables(Setting setting) {
    String variable = "`" + setting.environment() + "`";
    return setting.kind().reader() == SettingKind.Reader.SECRET
      ? variable + " or `" + setting.environment() + Secrets.FILE_SUFFIX + "`" : variable;
  }

  private static String shownDefault(Setting setting) {
    return setting.shownDefault().orElseGet(() -> "".equals(setting.defaultValue()) ? "none" : "`" + setting.defaultValue() + "`");
  }

  /** Sets {@code a.b.c} in nested objects, making the missing ones. */
  static void put(JsonObject root, String path, Object value) {
    String[] keys = path.split("\\.");
    JsonObject node = root;
    for (int i = 0; i < keys.length - 1; i++) {
      if (node.getJsonObject(keys[i]) == null) {
        node.put(keys[i], new JsonObject());
      }
      node = node.getJsonObject(keys[i]);
    }
    node.put(keys[keys.length - 1], value);
  }

  private static String json(JsonObject object, String indent) {
    String inner = indent + "  ";
    return object.getMap().entrySet().stream()
      .map(entry -> inner + "\"" + entry.getKey() + "\": " + value(entry, inner))
      .collect(Collectors.joining(",\n", "{\n", "\n" + indent + "}"));
  }

  private static String value(Map.Entry<String, Object> entry, String indent) {
    Object value = entry.getValue();
    if (value instanceof JsonObject nested) {
      return json(nested, indent);
    }
    return value instanceof String text ? "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"" : String.valueOf(value);
  }
}
