package io.lanyard.platform.support;

import ch.qos.logback.core.spi.ContextAware;

/**
 * How log lines are written: {@code json} when {@code LANYARD_LOG_FORMAT=json}, else {@code text}. A value outside those two
 * gives readable text lines and a warning rather than no log at all.
 */
public final class LogFormat {

  public static final String ENV = "LANYARD_LOG_FORMAT";

  private static final String TEXT = "text";
  private static final String JSON = "json";

  private LogFormat() {
  }

  /** True when the lines are JSON objects, whose fields come from a line's structured arguments. */
  public static boolean isJson() {
    return chosen(System.getenv(ENV)).equals(JSON);
  }

  /** Tells logback's status (printed at start when it holds a warning) that the format asked for is neither. */
  static void warnIfUnknown(ContextAware status) {
    String format = System.getenv(ENV);
    boolean known = format == null || format.isBlank() || format.trim().equalsIgnoreCase(TEXT)
      || format.trim().equalsIgnoreCase(JSON);
    if (!known) {
      status.addWarn(ENV + " is \"" + format + "\"; expected text or json. Logging text.");
    }
  }

  private static String chosen(String format) {
    return format != null && format.trim().equalsIgnoreCase(JSON) ? JSON : TEXT;
  }
}
