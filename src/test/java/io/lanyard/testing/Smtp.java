package io.lanyard.testing;

import com.icegreen.greenmail.store.FolderException;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.internet.MimeMessage;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/** A real SMTP server in the test JVM (GreenMail), which tests can stop and start again on the same port. */
public final class Smtp {

  private static Smtp shared;

  private final int port;
  private GreenMail server;

  private Smtp(int port, GreenMail server) {
    this.port = port;
    this.server = server;
  }

  /** The run's SMTP server, which the shared service delivers to. */
  public static synchronized Smtp shared() {
    if (shared == null) {
      shared = start();
    }
    return shared;
  }

  public static Smtp start() {
    GreenMail server = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
    server.start();
    return new Smtp(server.getSmtp().getPort(), server);
  }

  public int port() {
    return port;
  }

  /** Stops accepting connections: an SMTP outage. */
  public synchronized void stop() {
    server.stop();
  }

  /** Serves again on the same port, with an empty mailbox. */
  public synchronized void restart() {
    server.stop();
    server = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
    server.start();
  }

  /** Forgets what was received (not {@code reset()}: that restarts the server, on another port when dynamic). */
  public synchronized void clear() {
    try {
      server.purgeEmailFromAllMailboxes();
    } catch (FolderException e) {
      throw new IllegalStateException(e);
    }
  }

  public synchronized List<MimeMessage> received() {
    return Arrays.asList(server.getReceivedMessages());
  }

  /** Waits until at least {@code count} mails arrived; returns all received. */
  public List<MimeMessage> awaitMessages(int count, Duration bound) {
    long deadline = System.nanoTime() + bound.toNanos();
    while (System.nanoTime() < deadline) {
      List<MimeMessage> messages = received();
      if (messages.size() >= count) {
        return messages;
      }
      sleep(50);
    }
    throw new AssertionError("expected " + count + " mails within " + bound.toSeconds() + " s, got " + received().size());
  }

  public List<MimeMessage> awaitMessages(int count) {
    return awaitMessages(count, Duration.ofSeconds(10));
  }

  /** Checks that nothing more arrives during {@code quiet}: proves an absence (no mail, no duplicate). */
  public List<MimeMessage> assertNoMoreThan(int count, Duration quiet) {
    sleep(quiet.toMillis());
    List<MimeMessage> messages = received();
    if (messages.size() > count) {
      throw new AssertionError("expected at most " + count + " mails, got " + messages.size());
    }
    return messages;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
