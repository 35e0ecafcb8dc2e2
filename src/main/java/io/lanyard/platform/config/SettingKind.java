package io.lanyard.platform.config;

import java.util.List;

/**
 * What a setting's value may be: the reader {@link ConfigReader} applies, with the bounds or choices it checks. Declared with the
 * setting in {@link Settings}, so the check and the configuration reference cannot disagree.
 */
public record SettingKind(Reader reader, long min, long max, List<String> choices) {

  /** How a value is read; {@link #SECRET} and {@link #ENVIRONMENT} are read from the environment only, never from a file. */
  public enum Reader {
    TEXT, OPTIONAL_TEXT, IDENTIFIER, INTEGER, FLAG, DURATION, DURATION_OR_UNLIMITED, DURATION_OR_OFF, RATE, DOMAINS, HOSTNAMES, ORIGINS,
    ADDRESSES, PUBLIC_URL, READABLE_FILE, ONE_OF, SECRET, ENVIRONMENT
  }

  static SettingKind of(Reader reader) {
    return new SettingKind(reader, 0, 0, List.of());
  }

  static SettingKind integer(long min, long max) {
    return new SettingKind(Reader.INTEGER, min, max, List.of());
  }

  static SettingKind oneOf(String... choices) {
    return new SettingKind(Reader.ONE_OF, 0, 0, List.of(choices));
  }

  /** The "Value" column of docs/configuration.md; the syntaxes are explained in its "Values" section. */
  String describe() {
    return switch (reader) {
      case TEXT, OPTIONAL_TEXT, ENVIRONMENT -> "text";
      case IDENTIFIER -> "name";
      case INTEGER -> "whole number, " + min + " to " + max;
      case FLAG -> "flag";
      case DURATION -> "duration";
      case DURATION_OR_UNLIMITED -> "duration, or `-1`";
      case DURATION_OR_OFF -> "duration, or `off`";
      case RATE -> "rate, or `off`";
      case DOMAINS -> "mail domains";
      case HOSTNAMES -> "host names";
      case ORIGINS -> "origins";
      case ADDRESSES -> "address list";
      case PUBLIC_URL -> "URL";
      case READABLE_FILE -> "file";
      case ONE_OF -> String.join(", ", choices.stream().map(choice -> "`" + choice + "`").toList());
      case SECRET -> "secret";
    };
  }
}
