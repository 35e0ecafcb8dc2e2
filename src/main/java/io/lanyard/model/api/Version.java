package io.lanyard.model.api;

/** The service's version, as the CLI prints it and {@code GET /_serverInfo} reports it. */
public final class Version {

  public static final String NUMBER = "0.1.0";

  private Version() {
  }
}
