package io.lanyard.signin.tokens;

import io.lanyard.model.api.ApiError;
import io.lanyard.platform.config.DurationSyntax;

import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * The {@code expiresIn} rules of login and refresh: a JSON number or a digits-only string is milliseconds, anything else the `ms`
 * syntax; {@code -1} asks for a token that never expires, which only a deployment without {@code jwt.maxTtl} grants.
 *
 * @param maxTtlMillis the longest lifetime allowed, or -1 for no limit
 */
public record Expiry(long defaultTtlMillis, long maxTtlMillis) {

  /** A token lifetime in milliseconds, or -1 for none. */
  public static final long NEVER = -1;

  private static final Pattern DIGITS = Pattern.compile("\\d{1,18}");
  public static final String ARGUMENT = "expiresIn";

  /** The parsed lifetime, or the error to answer with. */
  public record Parsed(long ttlMillis, ApiError error) {

    static Parsed ok(long ttlMillis) {
      return new Parsed(ttlMillis, null);
    }

    static Parsed refused(ApiError error) {
      return new Parsed(0, error);
    }
  }

  /** @param raw the {@code expiresIn} argument as it arrived: absent, a JSON number, or a string */
  public Parsed parse(Object raw) {
    OptionalLong millis = raw == null ? OptionalLong.of(defaultTtlMillis) : toMillis(raw);
    if (millis.isEmpty()) {
      return Parsed.refused(ApiError.invalidArgument(ARGUMENT));
    }
    long ttl = millis.getAsLong();
    if (ttl == NEVER) {
      return maxTtlMillis == NEVER ? Parsed.ok(NEVER) : Parsed.refused(exceedsMaximum());
    }
    if (ttl <= 0) {
      return Parsed.refused(ApiError.invalidArgument(ARGUMENT));
    }
    if (maxTtlMillis != NEVER && ttl > maxTtlMillis) {
      return Parsed.refused(exceedsMaximum());
    }
    return Parsed.ok(ttl);
  }

  private static OptionalLong toMillis(Object raw) {
    if (raw instanceof Number number) {
      double value = number.doubleValue();
      return Double.isFinite(value) && Math.abs(value) < Long.MAX_VALUE / 2d ? OptionalLong.of(Math.round(value)) : OptionalLong.empty();
    }
    if (raw instanceof String text) {
      String trimmed = text.trim();
      return DIGITS.matcher(trimmed).matches() ? OptionalLong.of(Long.parseLong(trimmed)) : DurationSyntax.parseMillis(trimmed);
    }
    return OptionalLong.empty();
  }

  private static ApiError exceedsMaximum() {
    return ApiError.badRequest("expiresIn value exceeds maximum allowed value", "security.token.ttl_exceeded");
  }
}
