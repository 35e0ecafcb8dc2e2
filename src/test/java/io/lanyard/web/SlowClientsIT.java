package io.lanyard.web;

import io.lanyard.testing.Eventually;
import io.lanyard.testing.LogCapture;
import io.lanyard.testing.RawHttp;
import io.lanyard.testing.TestApp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Read deadlines (slowloris): a client trickling its headers or its body is cut once {@code http.readTimeout} has passed since
 * its request's first byte, and a request abandoned that way is logged as closed, never with a status it was not sent. The
 * trickle goes on far longer than the configured second, so the test waits on the cut, not on a clock.
 */
class SlowClientsIT {

  /** A byte every 200 ms for up to 30 s: a client that would hold the connection for ever without a deadline. */
  private static final int TRICKLE_BYTES = 150;
  private static TestApp app;

  @BeforeAll
  static void start() {
    app = TestApp.start(Map.of("LANYARD_HTTP_READ_TIMEOUT", "1s"));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void tricklingHeadersAreCut() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", app.port())) {
      boolean cut = trickle(socket, "GET /_serverInfo HTTP/1.1\r\nHost: x\r\n", "X-Slow: " + "a".repeat(TRICKLE_BYTES));

      assertThat(cut).withFailMessage("the server kept a trickling connection open for 30 s").isTrue();
    }
  }

  @Test
  void tricklingBodyIsCutAndLoggedAsClosedNotAs200() throws Exception {
    String body = "{\"username\":\"slow@example.com\",\"password\":\"" + "p".repeat(TRICKLE_BYTES) + "\"}";
    try (LogCapture access = LogCapture.of("access"); LogCapture all = LogCapture.of(org.slf4j.Logger.ROOT_LOGGER_NAME);
         Socket socket = new Socket("127.0.0.1", app.port())) {
      boolean cut = trickle(socket, "POST /_login/slowloris HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + "Content-Length: " + body.length() + "\r\n\r\n", body);

      assertThat(cut).withFailMessage("the server kept a trickling connection open for 30 s").isTrue();
      Eventually.until(() -> access.messages().stream().anyMatch(line -> line.startsWith("POST /_login/slowloris closed ")),
        "an access line saying the request was closed");
      assertThat(access.messages()).noneMatch(line -> line.startsWith("POST /_login/slowloris 200"));
      assertThat(all.lines()).withFailMessage("a client leaving is no error: %s", all.lines())
        .noneMatch(line -> line.startsWith("ERROR"));
    }
  }

  @Test
  void aPromptRequestOnAKeptAliveConnectionIsNotCutByTheDeadline() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", app.port())) {
      socket.setSoTimeout(20_000);
      String request = "GET /_serverInfo HTTP/1.1\r\nHost: x\r\n\r\n";
      socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      String first = readReply(socket);
      // idle between requests is not reading a request: only the idle timeout (120 s) applies
      Thread.sleep(1_500);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      String second = readReply(socket);

      assertThat(first).startsWith("HTTP/1.1 200 OK");
      assertThat(second).startsWith("HTTP/1.1 200 OK");
    }
  }

  @Test
  void aRequestBegunJustBeforeAnEarlierOnesDeadlineHasAFullReadTimeoutOfItsOwn() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", app.port())) {
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      out.write("GET /_serverInfo HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      String first = readReply(socket);
      // the second request's headers 0.7 s after the first's, its body 0.5 s later: past the first request's deadline
      // (1 s after its first byte), within its own; a reply at all means the body was read
      Thread.sleep(700);
      String body = "{\"token\":\"not-a-token\"}";
      out.write(("POST /_checkToken HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
        + body.length() + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      Thread.sleep(500);
      out.write(body.getBytes(StandardCharsets.US_ASCII));
      String second = readReply(socket);

      assertThat(first).startsWith("HTTP/1.1 200 OK");
      assertThat(second).startsWith("HTTP/1.1 200 OK");
    }
  }

  @Test
  void aTricklingRequestAfterAPromptOneIsCutAtItsOwnDeadline() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", app.port())) {
      socket.setSoTimeout(20_000);
      socket.getOutputStream().write("GET /_serverInfo HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      String first = readReply(socket);
      // begun while the deadline check the first request armed is still pending: that check finds this request too young to
      // cut, and must look again at this request's own deadline rather than forget it
      Thread.sleep(700);
      boolean cut = trickle(socket, "GET /_serverInfo HTTP/1.1\r\nHost: x\r\n", "X-Slow: " + "a".repeat(TRICKLE_BYTES));

      assertThat(first).startsWith("HTTP/1.1 200 OK");
      assertThat(cut).withFailMessage("the server kept a trickling connection open for 30 s").isTrue();
    }
  }

  /** Sends {@code head} at once, then {@code rest} a byte every 200 ms; true when the server closed the connection meanwhile. */
  private static boolean trickle(Socket socket, String head, String rest) throws Exception {
    socket.setSoTimeout(30_000);
    OutputStream out = socket.getOutputStream();
    out.write(head.getBytes(StandardCharsets.US_ASCII));
    AtomicBoolean writeFailed = new AtomicBoolean();
    Thread writer = new Thread(() -> {
      try {
        for (byte b : rest.getBytes(StandardCharsets.US_ASCII)) {
          Thread.sleep(200);
          out.write(b);
          out.flush();
        }
      } catch (IOException closed) {
        writeFailed.set(true);
      } catch (InterruptedException stop) {
        Thread.currentThread().interrupt();
      }
    });
    writer.start();
    boolean closed = RawHttp.readUntilClosed(socket.getInputStream(), new ByteArrayOutputStream());
    writer.interrupt();
    writer.join();
    return closed || writeFailed.get();
  }

  private static String readReply(Socket socket) throws IOException {
    byte[] buffer = new byte[16_384];
    int n = socket.getInputStream().read(buffer);
    return new String(buffer, 0, Math.max(n, 0), StandardCharsets.UTF_8);
  }
}
