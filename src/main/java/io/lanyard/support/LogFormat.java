package io.lanyard.support;

import ch.qos.logback.core.PropertyDefinerBase;

import java.util.Locale;

/**
 * {@code ${LOG_FORMAT}} in logback.xml: the name of the appender to use, {@code json} when {@code LANYARD_LOG_FORMAT=json}, else
 * {@code text}. A value read here rather than substituted straight from the environment, so a typo gives readable lines
 * (and a warning) instead of no log at all.
 */
public final class LogFormat extends PropertyDefinerBase {

  public static final String ENV = "LANYARD_LOG_FORMAT";

  @Override
  public String getPropertyValue() {
    String format = System.getenv(ENV);
    if (format == null || format.isBlank() || format.trim().equalsIgnoreCase("text")) {
      return "text";
    }
    if (format.trim().equalsIgnoreCase("json")) {
      return "json";
    }
    addWarn(ENV + " is \"" + format + "\"; expected text or json. Logging text.");
    return "text";
  }
}
