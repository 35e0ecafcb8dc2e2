package io.lanyard.platform.config;

import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The duration syntax of the `ms` npm package, which Kuzzle uses for `expiresIn`: a decimal number and an optional unit
 * (`ms s m h d w y` or their long forms, any case). A number with no unit is milliseconds.
 */
public final class DurationSyntax {

  private static final Pattern DURATION = Pattern.compile(
    "^(-?(?:\\d+)?\\.?\\d+) *(milliseconds?|msecs?|ms|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)?$",
    Pattern.CASE_INSENSITIVE);

  private static final long SECOND = 1000;
  private static final long MINUTE = 60 * SECOND;
  private static final long HOUR = 60 * MINUTE;
  private static final long DAY = 24 * HOUR;
  private static final double YEAR = DAY * 365.25;

  private static final Map<String, Double> UNIT_MILLIS = Map.ofEntries(
    Map.entry("ms", 1d), Map.entry("msec", 1d), Map.entry("msecs", 1d),
    Map.entry("millisecond", 1d), Map.entry("milliseconds", 1d),
    Map.entry("s", (double) SECOND), Map.entry("sec", (double) SECOND), Map.entry("secs", (double) SECOND),
    Map.entry("second", (double) SECOND), Map.entry("seconds", (double) SECOND),
    Map.entry("m", (double) MINUTE), Map.entry("min", (double) MINUTE), Map.entry("mins", (double) MINUTE),
    Map.entry("minute", (double) MINUTE), Map.entry("minutes", (double) MINUTE),
    Map.entry("h", (double) HOUR), Map.entry("hr", (double) HOUR), Map.entry("hrs", (double) HOUR),
    Map.entry("hour", (double) HOUR), Map.entry("hours", (double) HOUR),
    Map.entry("d", (double) DAY), Map.entry("day", (double) DAY), Map.entry("days", (double) DAY),
    Map.entry("w", (double) (7 * DAY)), Map.entry("week", (double) (7 * DAY)), Map.entry("weeks", (double) (7 * DAY)),
    Map.entry("y", YEAR), Map.entry("yr", YEAR), Map.entry("yrs", YEAR), Map.entry("year", YEAR), Map.entry("years", YEAR));

  /** Longest accepted input: anything longer is not a duration, and a bound keeps the regex cheap on hostile input. */
  private static final int MAX_LENGTH = 100;

  private DurationSyntax() {
  }

  /** Milliseconds (rounded, possibly negative), or empty when the text is not a duration. */
  public static OptionalLong parseMillis(String text) {
    if (text == null || text.isEmpty() || text.length() > MAX_LENGTH) {
      return OptionalLong.empty();
    }
    Matcher matcher = DURATION.matcher(text.trim());
    if (!matcher.matches()) {
      return OptionalLong.empty();
    }
    double amount = Double.parseDouble(matcher.group(1));
    String unit = matcher.group(2) == null ? "ms" : matcher.group(2).toLowerCase(Locale.ROOT);
    double millis = amount * UNIT_MILLIS.get(unit);
    if (Double.isNaN(millis) || Math.abs(millis) >= Long.MAX_VALUE / 2d) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(Math.round(millis));
  }
}
