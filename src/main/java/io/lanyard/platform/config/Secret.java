package io.lanyard.platform.config;

import java.nio.charset.StandardCharsets;

/** A configured secret: its value is only read where it is used, and it never prints itself. */
public final class Secret {

  private final String value;

  public Secret(String value) {
    this.value = value;
  }

  public String reveal() {
    return value;
  }

  public int byteLength() {
    return value.getBytes(StandardCharsets.UTF_8).length;
  }

  @Override
  public String toString() {
    return "***";
  }
}
