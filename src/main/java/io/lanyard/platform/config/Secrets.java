package io.lanyard.platform.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Secrets come from the environment only: a variable holding the value, or {@code <NAME>_FILE} naming a file that holds it. */
final class Secrets {

  static final String FILE_SUFFIX = "_FILE";

  private Secrets() {
  }

  /**
   * {@code NAME} or {@code NAME_FILE}, not both. A file's trailing line break is not part of the secret (editors and
   * {@code echo} add one; container secrets often end with one).
   */
  static Optional<Secret> secret(Map<String, String> env, String name) {
    return read(env, name).map(found -> new Secret(stripTrailingLineBreaks(found.pem().reveal())));
  }

  /** {@code NAME} or {@code NAME_FILE}, not both; a file that cannot be read stops start-up, naming the variable. */
  static Optional<LanyardConfig.KeyPem> pem(Map<String, String> env, String name) {
    return read(env, name);
  }

  private static Optional<LanyardConfig.KeyPem> read(Map<String, String> env, String name) {
    if (!Settings.ENVIRONMENT_ONLY.containsKey(name)) {
      throw new IllegalStateException("The secret " + name + " is not declared in Settings");
    }
    Optional<Secret> inline = Optional.ofNullable(env.get(name)).filter(value -> !value.isEmpty()).map(Secret::new);
    Optional<String> file = Optional.ofNullable(env.get(name + FILE_SUFFIX)).filter(value -> !value.isBlank());
    if (inline.isPresent() && file.isPresent()) {
      throw new ConfigException("Invalid setting " + name + ": set " + name + " or " + name + FILE_SUFFIX + ", not both");
    }
    if (file.isEmpty()) {
      return inline.map(value -> new LanyardConfig.KeyPem(name, value));
    }
    String source = name + FILE_SUFFIX;
    try {
      return Optional.of(new LanyardConfig.KeyPem(source, new Secret(Files.readString(Path.of(file.get().trim())))));
    } catch (IOException | RuntimeException e) {
      throw new ConfigException("Invalid setting " + source + ": cannot read the file " + file.get().trim() + " ("
        + e.getClass().getSimpleName() + ")");
    }
  }

  private static String stripTrailingLineBreaks(String value) {
    int end = value.length();
    while (end > 0 && (value.charAt(end - 1) == '\n' || value.charAt(end - 1) == '\r')) {
      end--;
    }
    return value.substring(0, end);
  }
}
