package io.lanyard.platform.config;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A setting is stated once, in {@link Settings}: these tests fail when conf/config.json or docs/configuration.md's reference no
 * longer match the declarations, when a declared setting is never read, or when the loader reads one nobody declared. Run with
 * {@code -Dlanyard.writeReference=true} to rewrite both files from the declarations.
 */
class SettingsReferenceTest {

  private static final Path CONFIG_FILE = Path.of("conf", "config.json");
  private static final Path REFERENCE = Path.of("docs", "configuration.md");
  private static final String TABLE_START = "<!-- settings reference: generated from Settings.java -->\n";
  private static final String TABLE_END = "<!-- end of the settings reference -->\n";
  private static final boolean WRITE = Boolean.getBoolean("lanyard.writeReference");

  @Test
  void theConfigFileHoldsTheDeclaredDefaults() throws IOException {
    if (WRITE) {
      Files.writeString(CONFIG_FILE, SettingsReference.configFile());
    }

    assertThat(Files.readString(CONFIG_FILE))
      .as("conf/config.json differs from Settings.java; run the tests with -Dlanyard.writeReference=true")
      .isEqualTo(SettingsReference.configFile());
  }

  @Test
  void theDocsReferenceIsTheDeclaredTable() throws IOException {
    String docs = Files.readString(REFERENCE);
    int start = docs.indexOf(TABLE_START) + TABLE_START.length();
    int end = docs.indexOf(TABLE_END);
    assertThat(start).as("docs/configuration.md marks its table").isGreaterThan(TABLE_START.length() - 1);
    if (WRITE) {
      Files.writeString(REFERENCE, docs.substring(0, start) + SettingsReference.markdownTable() + docs.substring(end));
      docs = Files.readString(REFERENCE);
      end = docs.indexOf(TABLE_END);
    }

    assertThat(docs.substring(start, end))
      .as("docs/configuration.md's table differs from Settings.java; run the tests with -Dlanyard.writeReference=true")
      .isEqualTo(SettingsReference.markdownTable());
  }

  @Test
  void theLoaderReadsEveryDeclaredSetting() {
    ConfigReader reader = new ConfigReader(SettingsReference.defaults());

    ConfigLoader.read(reader, Map.of());

    assertThat(reader.read()).containsExactlyInAnyOrderElementsOf(Settings.BY_PATH.keySet());
  }

  @Test
  void readingAnUndeclaredSettingOrOneOfAnotherKindIsAProgrammingError() {
    ConfigReader reader = new ConfigReader(SettingsReference.defaults().put("http", SettingsReference.defaults()
      .getJsonObject("http").put("undeclared", "5s")));

    assertThatThrownBy(() -> reader.duration("http.undeclared")).isInstanceOf(IllegalStateException.class)
      .hasMessageContaining("http.undeclared");
    assertThatThrownBy(() -> reader.integer("http.host")).isInstanceOf(IllegalStateException.class)
      .hasMessageContaining("http.host");
    assertThatThrownBy(() -> Secrets.secret(Map.of(), "LANYARD_UNDECLARED_SECRET")).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void eachNameAndVariableIsDeclaredOnce() {
    Set<String> variables = Settings.ALL.stream().map(Setting::environment).collect(Collectors.toSet());

    assertThat(variables).hasSize(Settings.ALL.size());
    assertThat(Settings.BY_PATH).hasSize((int) Settings.ALL.stream().filter(setting -> setting.path().isPresent()).count());
  }

  @Test
  void aDeclaredBoundIsTheOneChecked() {
    assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("LANYARD_DB_READ_CONNECTIONS", "65")))
      .hasMessage("Invalid setting db.readConnections (LANYARD_DB_READ_CONNECTIONS): expected a whole number from 1 to 64, got \"65\"");
  }
}
