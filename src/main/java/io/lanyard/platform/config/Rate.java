package io.lanyard.platform.config;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A rate limit as docs/decisions.md §7 writes it, {@code <count>/<duration>}: {@code 30/1m} allows 30 at once and refills 30 a
 * minute (a token bucket of {@code count} tokens, one token back every {@code period / count}). {@code off} is no limit.
 */
public record Rate(int count, Duration period) {

  private static final Pattern SYNTAX = Pattern.compile("(\\d{1,9}) */ *(.+)");

  public Rate {
    if (count < 1 || period.isNegative() || period.isZero()) {
      throw new IllegalArgumentException("a rate needs a positive count and period");
    }
  }

  /** @return empty for {@code off}; else the rate */
  static Optional<Optional<Rate>> parse(String text) {
    String trimmed = text.trim();
    if (trimmed.equalsIgnoreCase("off")) {
      return Optional.of(Optional.empty());
    }
    Matcher matcher = SYNTAX.matcher(trimmed);
    if (!matcher.matches()) {
      return Optional.empty();
    }
    int count = Integer.parseInt(matcher.group(1));
    OptionalLong millis = DurationSyntax.parseMillis(matcher.group(2).trim());
    if (count < 1 || millis.isEmpty() || millis.getAsLong() <= 0) {
      return Optional.empty();
    }
    return Optional.of(Optional.of(new Rate(count, Duration.ofMillis(millis.getAsLong()))));
  }

  /** The time one token takes to come back. */
  public Duration refillInterval() {
    return period.dividedBy(count);
  }

  @Override
  public String toString() {
    return count + "/" + period.toMillis() + "ms";
  }
}
