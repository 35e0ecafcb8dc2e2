package io.lanyard.web;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.LogCapture;
import io.lanyard.testing.RawHttp;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTTP edges, in raw bytes on a plain socket: ambiguous framing (RFC 9112 §6.1, §6.3) is refused and the connection
 * closed, so nothing can be smuggled behind a request; decoder refusals answer the envelope over HTTP/1.1; a malformed query
 * string and a doubled Authorization header get their own 400.
 */
class HttpFramingIT extends SharedServiceFixture {

  private static final String LOGIN_BODY = "{\"username\":\"ann@example.com\",\"password\":\"x\"}";

  @Test
  void transferEncodingBesideContentLengthIsRefusedAndTheConnectionClosed() throws Exception {
    String smuggled = "GET /_plugin/Vendor/user/getAllUserTypes HTTP/1.1\r\nHost: x\r\n\r\n";
    String request = "POST /_login/local HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\n"
      + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + smuggled;

    RawHttp.Reply reply = RawHttp.exchange(app.port(), request);

    assertThat(reply.statusLine()).isEqualTo("HTTP/1.1 400 Bad Request");
    assertThat(reply.closed()).isTrue();
    assertThat(reply.envelope().getJsonObject("error").getString("id")).isEqualTo("network.http.ambiguous_framing");
    assertThat(reply.envelope().getJsonObject("error").getString("message"))
      .isEqualTo("Transfer-Encoding and Content-Length may not both be sent");
    assertThat(reply.body()).withFailMessage("the smuggled request was answered:\n" + reply.body())
      .doesNotContain("HTTP/1.1");
  }

  @Test
  void unknownTransferCodingIsNotImplementedAndTheConnectionClosed() throws Exception {
    for (String coding : List.of("gzip", "gzip, chunked", "chunked, chunked", "identity")) {
      String request = "POST /_login/local HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: "
        + coding + "\r\n\r\n" + "GET /_serverInfo HTTP/1.1\r\nHost: x\r\n\r\n";

      RawHttp.Reply reply = RawHttp.exchange(app.port(), request);

      assertThat(reply.statusLine()).withFailMessage(coding + ": " + reply.head()).isEqualTo("HTTP/1.1 501 Not Implemented");
      assertThat(reply.closed()).isTrue();
      assertThat(reply.envelope().getJsonObject("error").getString("id"))
        .isEqualTo("network.http.unsupported_transfer_encoding");
      assertThat(reply.body()).withFailMessage("a request behind the refused one was answered").doesNotContain("HTTP/1.1");
    }
  }

  @Test
  void chunkedAloneStillWorks() throws Exception {
    Accounts.createActive(app, "ann@example.com");
    String body = "{\"username\":\"ann@example.com\",\"password\":\"" + Accounts.PASSWORD + "\"}";
    String request = "POST /_login/local HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
      + "Transfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n\r\n";

    RawHttp.Reply reply = RawHttp.exchange(app.port(), request);

    assertThat(reply.statusLine()).withFailMessage(reply.body()).isEqualTo("HTTP/1.1 200 OK");
    assertThat(reply.envelope().getJsonObject("result").getString("jwt")).isNotEmpty();
  }

  @Test
  void malformedChunkSizeIsA400AndTheConnectionClosed() throws Exception {
    String request = "POST /_login/local HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
      + "Transfer-Encoding: chunked\r\n\r\nzz\r\n" + LOGIN_BODY + "\r\n0\r\n\r\n";

    RawHttp.Reply reply = RawHttp.exchange(app.port(), request);

    assertThat(reply.statusLine()).withFailMessage(reply.body()).isEqualTo("HTTP/1.1 400 Bad Request");
    assertThat(reply.closed()).isTrue();
    assertThat(reply.envelope().getJsonObject("error").getString("id")).isEqualTo("network.http.malformed_request");
    assertThat(reply.header("X-Content-Type-Options")).isEqualTo("nosniff");
  }

  @Test
  void theLogLineOfAMalformedChunkHoldsNothingOfTheRequest() throws Exception {
    String forged = "zz\u001b[2K INFO forged-line-from-the-client";
    String request = "POST /_login/local HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
      + "Transfer-Encoding: chunked\r\n\r\n" + forged + "\r\n" + LOGIN_BODY + "\r\n0\r\n\r\n";

    List<String> lines;
    try (LogCapture log = LogCapture.of("io.lanyard.web.MalformedBodies")) {
      // one line per 10 s however many come: send until this window's line is written
      long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
      do {
        assertThat(RawHttp.exchange(app.port(), request).statusLine()).isEqualTo("HTTP/1.1 400 Bad Request");
        Thread.sleep(250);
      } while (log.lines().isEmpty() && System.nanoTime() < deadline);
      lines = log.lines();
    }

    assertThat(lines).hasSize(1);
    assertThat(lines.get(0)).startsWith("WARN Requests with a malformed chunked body refused with 400")
      .doesNotContain("forged").doesNotContain("zz").doesNotContain("\u001b");
  }

  @Test
  void decoderRefusalsAnswerTheEnvelopeOverHttp11AndClose() throws Exception {
    RawHttp.Reply longUrl = RawHttp.exchange(app.port(), "GET /" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: x\r\n\r\n");
    RawHttp.Reply bigHeader = RawHttp.exchange(app.port(),
      "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + "b".repeat(10_000) + "\r\n\r\n");

    assertThat(longUrl.statusLine()).isEqualTo("HTTP/1.1 414 Request-URI Too Long");
    assertThat(bigHeader.statusLine()).isEqualTo("HTTP/1.1 431 Request Header Fields Too Large");
    for (RawHttp.Reply reply : List.of(longUrl, bigHeader)) {
      assertThat(reply.closed()).isTrue();
      assertThat(reply.envelope().getInteger("status")).isEqualTo(Integer.parseInt(reply.statusLine().split(" ")[1]));
      assertThat(reply.header("X-Content-Type-Options")).isEqualTo("nosniff");
      assertThat(reply.header("Cache-Control")).isEqualTo("no-store");
    }
  }

  @Test
  void malformedQueryStringGetsItsOwnMessage() throws Exception {
    RawHttp.Reply reply = RawHttp.exchange(app.port(), "POST /_login/local?expiresIn=%zz HTTP/1.1\r\nHost: x\r\n"
      + "Content-Type: application/json\r\nContent-Length: " + LOGIN_BODY.length() + "\r\nConnection: close\r\n\r\n" + LOGIN_BODY);

    assertThat(reply.statusLine()).isEqualTo("HTTP/1.1 400 Bad Request");
    JsonObject error = reply.envelope().getJsonObject("error");
    assertThat(error.getString("message")).isEqualTo("Unable to parse the query string");
    assertThat(error.getString("id")).isEqualTo("api.assert.invalid_query");
  }

  @Test
  void malformedQueryStringWithoutABodyGetsItsOwnMessageToo() throws Exception {
    RawHttp.Reply reply = RawHttp.exchange(app.port(), "GET /_serverInfo?x=%zz%G1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");

    assertThat(reply.statusLine()).isEqualTo("HTTP/1.1 400 Bad Request");
    assertThat(reply.envelope().getJsonObject("error").getString("id")).isEqualTo("api.assert.invalid_query");
  }

  @Test
  void twoAuthorizationHeadersAreA400() throws Exception {
    Accounts.createActive(app, "ann@example.com");
    String jwt = Accounts.login(app, "ann@example.com");

    RawHttp.Reply reply = RawHttp.exchange(app.port(), "GET /_plugin/Vendor/user/getAllUserTypes HTTP/1.1\r\nHost: x\r\n"
      + "Authorization: Bearer " + jwt + "\r\nAuthorization: Bearer not-a-token\r\nConnection: close\r\n\r\n");

    assertThat(reply.statusLine()).isEqualTo("HTTP/1.1 400 Bad Request");
    assertThat(reply.envelope().getJsonObject("error").getString("id")).isEqualTo("network.http.duplicate_header");
    assertThat(reply.envelope().getJsonObject("error").getString("message"))
      .isEqualTo("Only one Authorization header may be sent");
  }
}
