package io.lanyard.platform.config;

/** A setting that stops start-up; the message names the setting and is meant for the operator as it is. */
public final class ConfigException extends RuntimeException {

  public ConfigException(String message) {
    super(message);
  }

  public ConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
