package io.lanyard.services.mail;

/**
 * Whether the SMTP server takes mail, as the last attempts tell. Closed: mail is delivered in batches. Open (the server
 * failed): no batch is claimed, one mail at a time probes the server at each poll, whatever its backoff; the first that goes
 * through closes the circuit, and mail waiting out a backoff is released at once. Read on the mail verticle's event loop,
 * and by the metrics scrape.
 */
final class SmtpCircuit {

  private volatile boolean open;

  boolean isOpen() {
    return open;
  }

  /** @return true when this closes an open circuit (the server answers again) */
  boolean succeeded() {
    boolean wasOpen = open;
    open = false;
    return wasOpen;
  }

  /** @return true when this opens a closed circuit (the server stopped answering) */
  boolean failed() {
    boolean wasClosed = !open;
    open = true;
    return wasClosed;
  }
}
