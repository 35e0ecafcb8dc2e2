package io.lanyard.loadtest;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * A run's settings, from system properties ({@code -Dlanyard.rate=20}, set by {@code loadtest/run}) or, for the two secrets,
 * from the environment ({@code LOADTEST_PASSWORD}, {@code LOADTEST_APP_TOKEN}), so they stay out of process listings.
 */
final class Settings {

  private Settings() {
  }

  /** Where the deployment answers: a load balancer in front of staging, or a local instance. */
  static String baseUrl() {
    String url = text("lanyard.baseUrl", "http://127.0.0.1:7512");
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  static String plugin() {
    return text("lanyard.plugin", "Vendor");
  }

  /** The CSV written by {@code users seed --synthetic}: {@code email,status,token}. */
  static Path usersFile() {
    return Path.of(required("lanyard.usersFile", "--users-file (the CSV of users seed --synthetic)"));
  }

  /** The seeded active accounts' password. */
  static String password() {
    return secret("lanyard.password", "LOADTEST_PASSWORD", "--password or LOADTEST_PASSWORD (the seeded accounts' password)");
  }

  /** An application token that may create users (create by link, update a profile). */
  static String appToken() {
    return secret("lanyard.appToken", "LOADTEST_APP_TOKEN", "--app-token or LOADTEST_APP_TOKEN");
  }

  /** The synthetic domain of the addresses a run creates. */
  static String domain() {
    return text("lanyard.domain", "loadtest.invalid").toLowerCase(Locale.ROOT);
  }

  /** New arrivals per second at the plateau. */
  static double rate(double byDefault) {
    return number("lanyard.rate", byDefault);
  }

  /** Arrivals per second the ramp starts from. */
  static double startRate() {
    return number("lanyard.startRate", 1);
  }

  static Duration ramp() {
    return duration("lanyard.ramp", Duration.ofSeconds(10));
  }

  static Duration plateau() {
    return duration("lanyard.plateau", Duration.ofSeconds(20));
  }

  /** The 99th percentile of response times the run must stay under, in milliseconds. */
  static int p99Millis(int byDefault) {
    return (int) number("lanyard.p99Ms", byDefault);
  }

  /** The share of failed requests (%) the run may reach and still pass. */
  static double maxErrorPercent(double byDefault) {
    return number("lanyard.maxErrorPct", byDefault);
  }

  /** Accounts logged in before the run, whose tokens the token-only scenarios share. */
  static int sessions() {
    return (int) number("lanyard.sessions", 20);
  }

  static double number(String name, double byDefault) {
    String value = System.getProperty(name);
    if (value == null || value.isBlank()) {
      return byDefault;
    }
    try {
      double parsed = Double.parseDouble(value.trim());
      if (parsed < 0) {
        throw new IllegalArgumentException(name + ": expected a number ≥ 0, got " + value);
      }
      return parsed;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + ": expected a number, got " + value);
    }
  }

  /** {@code 30s}, {@code 2m}, {@code 500ms} or a number of seconds. */
  static Duration duration(String name, Duration byDefault) {
    String value = System.getProperty(name);
    if (value == null || value.isBlank()) {
      return byDefault;
    }
    String text = value.trim();
    try {
      if (text.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
      }
      if (text.endsWith("s")) {
        return Duration.ofSeconds(Long.parseLong(text.substring(0, text.length() - 1)));
      }
      if (text.endsWith("m")) {
        return Duration.ofMinutes(Long.parseLong(text.substring(0, text.length() - 1)));
      }
      return Duration.ofSeconds(Long.parseLong(text));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + ": expected a duration such as 30s, 2m or 500ms, got " + value);
    }
  }

  private static String text(String name, String byDefault) {
    String value = System.getProperty(name);
    return value == null || value.isBlank() ? byDefault : value.trim();
  }

  private static String required(String name, String what) {
    String value = System.getProperty(name);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("missing " + what);
    }
    return value.trim();
  }

  private static String secret(String name, String env, String what) {
    return Optional.ofNullable(System.getProperty(name)).filter(value -> !value.isBlank())
      .or(() -> Optional.ofNullable(System.getenv(env)).filter(value -> !value.isBlank()))
      .orElseThrow(() -> new IllegalArgumentException("missing " + what));
  }
}
