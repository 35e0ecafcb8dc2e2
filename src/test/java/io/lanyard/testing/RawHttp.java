package io.lanyard.testing;

import io.vertx.core.json.JsonObject;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * Raw bytes to the service over a plain socket: the requests no well-behaved client sends (smuggling attempts, trickled
 * headers), and the reply exactly as it came, status line included, with whether the server closed the connection.
 */
public final class RawHttp {

  /** How long a test waits for the server to answer or close: far beyond any timeout the tests configure. */
  private static final int PATIENCE_MILLIS = 20_000;

  /**
   * @param closed true when the server closed the connection after its reply; false when it was still open at the end
   * @param head the status line and headers
   */
  public record Reply(String head, String body, boolean closed) {

    public String statusLine() {
      return head.isEmpty() ? "" : head.substring(0, head.indexOf("\r\n") < 0 ? head.length() : head.indexOf("\r\n"));
    }

    public JsonObject envelope() {
      return new JsonObject(body);
    }

    public String header(String name) {
      for (String line : head.split("\r\n")) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
          return line.substring(colon + 1).trim();
        }
      }
      return null;
    }
  }

  private RawHttp() {
  }

  /** Sends the request and reads until the server closes the connection (or the patience runs out: then not closed). */
  public static Reply exchange(int port, String request) throws IOException {
    return exchange(port, request, PATIENCE_MILLIS);
  }

  /** @param waitMillis how long to wait for more bytes before concluding the connection stays open */
  public static Reply exchange(int port, String request, int waitMillis) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(waitMillis);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
      socket.getOutputStream().flush();
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      boolean closed = readUntilClosed(socket.getInputStream(), received);
      return parse(received.toString(StandardCharsets.UTF_8), closed);
    }
  }

  /** @return true when the stream ended; false when no byte came for the socket's timeout */
  public static boolean readUntilClosed(InputStream in, ByteArrayOutputStream received) throws IOException {
    byte[] buffer = new byte[8192];
    try {
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        received.write(buffer, 0, n);
      }
      return true;
    } catch (SocketTimeoutException stillOpen) {
      return false;
    } catch (IOException reset) {
      return true;
    }
  }

  public static Reply parse(String text, boolean closed) {
    int end = text.indexOf("\r\n\r\n");
    return end < 0 ? new Reply(text, "", closed) : new Reply(text.substring(0, end), text.substring(end + 4), closed);
  }
}
