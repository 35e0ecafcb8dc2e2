package io.lanyard.platform.config;

import java.util.Optional;

/**
 * One setting, stated once: where it sits in the configuration file (none for what only the environment gives), its environment
 * variable, its kind, its default and what it does. {@link Settings} lists them all; the loader, the reader's checks,
 * {@code conf/config.json} and docs/configuration.md's reference all come from that list.
 *
 * @param shownDefault the default as the reference shows it, when the value alone would mislead ("generated", "the provider's")
 */
public record Setting(Optional<String> path, String environment, SettingKind kind, Object defaultValue, Optional<String> shownDefault,
                      String meaning) {

  static Setting inFile(String path, String environment, SettingKind kind, Object defaultValue, String meaning) {
    return new Setting(Optional.of(path), environment, kind, defaultValue, Optional.empty(), meaning);
  }

  /** Read from {@code NAME} or from the file {@code NAME_FILE} names; never from a configuration file, never logged. */
  static Setting secret(String environment, String shownDefault, String meaning) {
    return new Setting(Optional.empty(), environment, SettingKind.of(SettingKind.Reader.SECRET), "", Optional.of(shownDefault),
      meaning);
  }

  /** Read by the logging set-up from the environment, before any configuration file. */
  static Setting environmentOnly(String environment, String defaultValue, String meaning) {
    return new Setting(Optional.empty(), environment, SettingKind.of(SettingKind.Reader.ENVIRONMENT), defaultValue,
      Optional.empty(), meaning);
  }

  Setting shown(String display) {
    return new Setting(path, environment, kind, defaultValue, Optional.of(display), meaning);
  }

  /** The name an error message gives: the path and its variable, or the variable alone. */
  String named() {
    return path.map(p -> p + " (" + environment + ")").orElse(environment);
  }
}
