package io.lanyard.platform.config;

import io.lanyard.platform.config.SettingKind.Reader;
import io.lanyard.platform.support.AddressRanges;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Typed reads of the merged settings. Values from the environment arrive as strings, values from files as JSON types; both are
 * accepted, and a bad one fails with a message naming the setting and its environment variable.
 */
final class ConfigReader {

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z0-9_-]{1,64}");
  /** A host name of two labels or more: letters, digits and hyphens, as mail domains are. */
  private static final Pattern HOSTNAME =
    Pattern.compile("(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");
  private static final Pattern DOMAIN =
    Pattern.compile("(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");

  private final JsonObject root;
  private final Set<String> read = new HashSet<>();

  ConfigReader(JsonObject root) {
    this.root = root;
  }

  /** The paths read so far: every declared setting must be, or it would be documented and do nothing. */
  Set<String> read() {
    return Set.copyOf(read);
  }

  String text(String path) {
    Object value = raw(path, Reader.TEXT, Reader.IDENTIFIER, Reader.ONE_OF);
    if (!(value instanceof String text) || text.isBlank()) {
      throw invalid(path, "a non-empty string", value);
    }
    return text.trim();
  }

  /** A string that may be empty or absent. */
  Optional<String> optionalText(String path) {
    Object value = raw(path, Reader.OPTIONAL_TEXT, Reader.PUBLIC_URL, Reader.READABLE_FILE);
    if (value == null) {
      return Optional.empty();
    }
    if (!(value instanceof String text)) {
      throw invalid(path, "a string", value);
    }
    return text.isBlank() ? Optional.empty() : Optional.of(text.trim());
  }

  /** An optional {@link PublicUrl}; empty when unset or blank. */
  Optional<String> publicUrl(String path) {
    Optional<String> url = optionalText(path);
    if (url.isPresent()) {
      Optional<String> problem = PublicUrl.problem(url.get());
      if (problem.isPresent()) {
        throw invalid(path, problem.get(), url.get());
      }
    }
    return url.map(PublicUrl::withoutTrailingSlash);
  }

  /** An optional file, which must exist and be readable now (a typo stops start-up, not the first request). */
  Optional<Path> readableFile(String path) {
    Optional<Path> file = optionalText(path).map(Path::of);
    if (file.isPresent() && !(Files.isRegularFile(file.get()) && Files.isReadable(file.get()))) {
      throw invalid(path, "a readable file", file.get());
    }
    return file;
  }

  String identifier(String path) {
    String value = text(path);
    if (!IDENTIFIER.matcher(value).matches()) {
      throw invalid(path, "letters, digits, '_' or '-' (at most 64)", value);
    }
    return value;
  }

  /** One of the declared choices. */
  String oneOf(String path) {
    String value = text(path);
    List<String> allowed = declared(path, Reader.ONE_OF).kind().choices();
    if (!allowed.contains(value)) {
      throw invalid(path, "one of " + String.join(", ", allowed), value);
    }
    return value;
  }

  /** A whole number within the declared bounds. */
  int integer(String path) {
    Object value = raw(path, Reader.INTEGER);
    SettingKind kind = declared(path, Reader.INTEGER).kind();
    long min = kind.min();
    long max = kind.max();
    long parsed;
    if (value instanceof Number number && number.doubleValue() == number.longValue()) {
      parsed = number.longValue();
    } else if (value instanceof String text && text.trim().matches("-?\\d{1,10}")) {
      parsed = Long.parseLong(text.trim());
    } else {
      throw invalid(path, "a whole number from " + min + " to " + max, value);
    }
    if (parsed < min || parsed > max) {
      throw invalid(path, "a whole number from " + min + " to " + max, value);
    }
    return (int) parsed;
  }

  boolean flag(String path) {
    Object value = raw(path, Reader.FLAG);
    if (value instanceof Boolean bool) {
      return bool;
    }
    if (value instanceof String text && (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false"))) {
      return Boolean.parseBoolean(text);
    }
    throw invalid(path, "true or false", value);
  }

  /** A positive duration: milliseconds as a number, or the `ms` syntax ("5s", "1h", "30d"). */
  Duration duration(String path) {
    Object value = raw(path, Reader.DURATION);
    OptionalLong millis = millis(value);
    if (millis.isEmpty() || millis.getAsLong() <= 0) {
      throw invalid(path, "a positive duration such as 500ms, 5s, 1h or 30d", value);
    }
    return Duration.ofMillis(millis.getAsLong());
  }

  /** A positive duration, or -1 for no limit. */
  long durationOrUnlimited(String path) {
    Object value = raw(path, Reader.DURATION_OR_UNLIMITED);
    OptionalLong millis = millis(value);
    if (millis.isPresent() && (millis.getAsLong() > 0 || millis.getAsLong() == -1)) {
      return millis.getAsLong();
    }
    throw invalid(path, "a positive duration such as 12h or 30d, or -1 for no limit", value);
  }

  /** A positive duration, or empty for {@code off}. */
  Optional<Duration> durationOrOff(String path) {
    Object value = raw(path, Reader.DURATION_OR_OFF);
    if (value instanceof String text && text.equalsIgnoreCase("off")) {
      return Optional.empty();
    }
    OptionalLong millis = millis(value);
    if (millis.isEmpty() || millis.getAsLong() <= 0) {
      throw invalid(path, "a positive duration such as 500ms, 5s or 1m, or off", value);
    }
    return Optional.of(Duration.ofMillis(millis.getAsLong()));
  }

  /** A rate, {@code <count>/<duration>} ({@code 30/1m}); empty for {@code off} (docs/decisions.md §7). */
  Optional<Rate> rate(String path) {
    Object value = raw(path, Reader.RATE);
    Optional<Optional<Rate>> parsed = value instanceof String text ? Rate.parse(text) : Optional.empty();
    return parsed.orElseThrow(() -> invalid(path, "a rate such as 30/1m (a count per duration) or off", value));
  }

  /** A JSON array of strings, or one comma-separated string. */
  private List<String> list(String path) {
    Object value = raw(path, Reader.DOMAINS, Reader.HOSTNAMES, Reader.ORIGINS, Reader.ADDRESSES);
    if (value instanceof String text) {
      return Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
    if (value instanceof JsonArray array && array.stream().allMatch(String.class::isInstance)) {
      return array.stream().map(String.class::cast).toList();
    }
    throw invalid(path, "a list of strings, or one comma-separated string", value);
  }

  /** Mail domains, as a list or one comma-separated string, lower-cased; empty is none. */
  List<String> domains(String path) {
    return names(path, DOMAIN, "mail domains such as loadtest.invalid, comma-separated");
  }

  /** Host names (a single label such as {@code localhost} too), as a list or one comma-separated string, lower-cased. */
  List<String> hostnames(String path) {
    return names(path, HOSTNAME, "host names such as fair.example, comma-separated");
  }

  private List<String> names(String path, Pattern form, String expected) {
    List<String> names = list(path).stream().map(name -> name.toLowerCase(Locale.ROOT)).toList();
    for (String name : names) {
      if (!form.matcher(name).matches()) {
        throw invalid(path, expected, name);
      }
    }
    return names;
  }

  /** CORS origins: {@code *} or origins; {@code null} is refused, as it names pages of no origin at all (sandboxes, files). */
  List<String> origins(String path) {
    List<String> origins = list(path);
    if (origins.stream().anyMatch(origin -> origin.equalsIgnoreCase("null"))) {
      throw invalid(path, "\"*\" or origins such as https://fair.example; \"null\" is never allowed", String.join(",", origins));
    }
    return origins;
  }

  /** CIDR ranges or single addresses, as a list or one comma-separated string; empty is none. */
  AddressRanges addressRanges(String path) {
    try {
      return AddressRanges.parse(list(path));
    } catch (IllegalArgumentException e) {
      throw invalid(path, "IP addresses or CIDR ranges (10.0.0.0/8, 2001:db8::/32)", e.getMessage());
    }
  }

  private static OptionalLong millis(Object value) {
    if (value instanceof Number number) {
      return OptionalLong.of(number.longValue());
    }
    if (value instanceof String text) {
      return DurationSyntax.parseMillis(text.trim());
    }
    return OptionalLong.empty();
  }

  /** The raw value of a declared setting of one of these kinds; reading anything else is a programming error. */
  private Object raw(String path, Reader... kinds) {
    declared(path, kinds);
    read.add(path);
    Object node = root;
    for (String key : path.split("\\.")) {
      if (!(node instanceof JsonObject object)) {
        return null;
      }
      node = object.getValue(key);
    }
    return node;
  }

  private static Setting declared(String path, Reader... kinds) {
    Setting setting = Settings.BY_PATH.get(path);
    if (setting == null || !Arrays.asList(kinds).contains(setting.kind().reader())) {
      throw new IllegalStateException("The setting " + path + " is not declared in Settings as one of " + Arrays.toString(kinds));
    }
    return setting;
  }

  private static ConfigException invalid(String path, String expected, Object got) {
    String name = Settings.BY_PATH.get(path).named();
    String shown = got == null ? "nothing" : "\"" + got + "\"";
    return new ConfigException("Invalid setting " + name + ": expected " + expected + ", got " + shown);
  }
}
