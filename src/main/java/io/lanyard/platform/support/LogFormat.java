package io.lanyard.platform.support;

import ch.qos.logback.core.PropertyDefinerBase;

/**
 * {@code ${LOG_FORMAT}} in logback.xml: the name of the appender to use, {@code json} when {@code LANYARD_LOG_FORMAT=json}, else
 * {@code text}. A value read here rather than substituted straight from the environment, so a typo gives readable lines
 * (and a warning) instead of no log at all.
 */
public final class LogFormat extends PropertyDefinerBase {

  public static final String ENV = "LANYARD_LOG_FORMAT";

  private static final String TEXT = "text";
  private static final String JSON = "json";

  @Override
  public String getPropertyValue() {
    String format = System.getenv(ENV);
    boolean known = format == null || format.isBlank() || format.trim().equalsIgnoreCase(TEXT)
      || format.trim().equalsIgnoreCase(JSON);
    if (!known) {
      addWarn(ENV + " is \"" + format + "\"; expected text or json. Logging text.");
    }
    return chosen(format);
  }

  /** True when the lines are JSON objects, whose fields come from a line's structured arguments. */
  public static boolean isJson() {
    return chosen(System.getenv(ENV)).equals(JSON);
  }

  private static String chosen(String format) {
    return format != null && format.trim().equalsIgnoreCase(JSON) ? JSON : TEXT;
  }
}
