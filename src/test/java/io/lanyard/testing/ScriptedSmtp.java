package io.lanyard.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small SMTP server the test scripts, for what GreenMail cannot do: refuse one recipient for good (550), stall (take the
 * connection and never answer), or accept a number of mails and then stall on the next one's final dot, as a server that
 * hangs in the middle of a batch. It records each mail it accepted (answered 250 to its final dot).
 */
public final class ScriptedSmtp implements AutoCloseable {

  /** A mail the server accepted. */
  public record Accepted(String recipient, String messageId) {
  }

  private final ServerSocket server;
  private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
  private final List<Accepted> accepted = new ArrayList<>();
  private final Map<String, String> refusals = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> recipientsTried = new ConcurrentHashMap<>();
  private volatile boolean stalled;
  private volatile int stallAfter = Integer.MAX_VALUE;

  private ScriptedSmtp() throws IOException {
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread accepting = new Thread(this::acceptLoop, "scripted-smtp-" + server.getLocalPort());
    accepting.setDaemon(true);
    accepting.start();
  }

  public static ScriptedSmtp start() {
    try {
      return new ScriptedSmtp();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  public int port() {
    return server.getLocalPort();
  }

  /** RCPT TO this address gets {@code reply} (such as {@code 550 5.1.1 mailbox unavailable}). */
  public ScriptedSmtp refuse(String address, String reply) {
    refusals.put(address, reply);
    return this;
  }

  /** New connections are taken and never answered: no greeting, no reply. Connections already open are left as they are. */
  public void stall() {
    stalled = true;
  }

  /** New connections are served again, and nothing stalls any more. */
  public void serve() {
    stalled = false;
    stallAfter = Integer.MAX_VALUE;
  }

  /** Once {@code count} mails are accepted, every further mail's final dot goes unanswered. */
  public void stallAfterAccepting(int count) {
    stallAfter = count;
  }

  public synchronized List<Accepted> accepted() {
    return List.copyOf(accepted);
  }

  /** How many times a RCPT TO named this address. */
  public int recipientTried(String address) {
    AtomicInteger tried = recipientsTried.get(address);
    return tried == null ? 0 : tried.get();
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException ignored) {
      // closed
    }
    for (Socket connection : connections) {
      try {
        connection.close();
      } catch (IOException ignored) {
        // closed
      }
    }
  }

  private void acceptLoop() {
    while (!server.isClosed()) {
      try {
        Socket connection = server.accept();
        connections.add(connection);
        Thread session = new Thread(() -> converse(connection), "scripted-smtp-session");
        session.setDaemon(true);
        session.start();
      } catch (IOException closed) {
        return;
      }
    }
  }

  private void converse(Socket connection) {
    try (connection;
         BufferedReader in = new BufferedReader(new InputStreamReader(connection.getInputStream(), StandardCharsets.US_ASCII));
         OutputStream out = connection.getOutputStream()) {
      if (stalled) {
        while (in.readLine() != null) {
          // taken, never answered
        }
        return;
      }
      reply(out, "220 scripted ESMTP");
      String recipient = null;
      String line;
      while ((line = in.readLine()) != null) {
        String command = line.toUpperCase();
        if (command.startsWith("EHLO") || command.startsWith("HELO")) {
          reply(out, "250 scripted");
        } else if (command.startsWith("MAIL FROM")) {
          recipient = null;
          reply(out, "250 2.1.0 OK");
        } else if (command.startsWith("RCPT TO")) {
          recipient = line.substring(line.indexOf('<') + 1, line.lastIndexOf('>'));
          recipientsTried.computeIfAbsent(recipient, address -> new AtomicInteger()).incrementAndGet();
          String refusal = refusals.get(recipient);
          reply(out, refusal != null ? refusal : "250 2.1.5 OK");
        } else if (command.startsWith("DATA")) {
          reply(out, "354 end with <CRLF>.<CRLF>");
          String messageId = readData(in);
          boolean stall;
          synchronized (this) {
            stall = accepted.size() >= stallAfter;
            if (!stall) {
              accepted.add(new Accepted(recipient, messageId));
            }
          }
          if (stall) {
            while (in.readLine() != null) {
              // the final dot goes unanswered
            }
            return;
          }
          reply(out, "250 2.0.0 accepted");
        } else if (command.startsWith("QUIT")) {
          reply(out, "221 bye");
          return;
        } else {
          reply(out, "250 OK");
        }
      }
    } catch (IOException ended) {
      // the client went away
    } finally {
      connections.remove(connection);
    }
  }

  /** Reads the message up to its final dot; its Message-ID. */
  private static String readData(BufferedReader in) throws IOException {
    String messageId = null;
    String line;
    while ((line = in.readLine()) != null && !line.equals(".")) {
      if (messageId == null && line.regionMatches(true, 0, "Message-ID:", 0, 11)) {
        messageId = line.substring(11).trim();
      }
    }
    return messageId;
  }

  private static void reply(OutputStream out, String line) throws IOException {
    out.write((line + "\r\n").getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }
}
