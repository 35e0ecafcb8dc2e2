package io.lanyard.web;

import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Reply;
import io.lanyard.platform.support.FailureLog;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;

/**
 * A body whose chunked framing is malformed (a chunk size that is no hexadecimal number): Vert.x, told only after it handed the
 * request on, closed the connection without a word and logged a stack trace per request. The decoder answers it instead:
 * 400 {@code network.http.malformed_request}, the connection closed, and one WARN line per {@link FailureLog#INTERVAL} however
 * many such requests come, which says nothing of what they held (docs/decisions.md §11).
 */
final class MalformedBodies {

  private static final Logger log = LoggerFactory.getLogger(MalformedBodies.class);
  private static final FailureLog throttled = new FailureLog(log);
  private static final ApiError MALFORMED = ApiError.badRequest("Malformed HTTP request", "network.http.malformed_request");

  private MalformedBodies() {
  }

  /**
   * Writes the 400 below the HTTP encoder (the request's reply has not begun: its body was still being read) and closes. The
   * log line is fixed text: the decoder's message quotes the bytes it could not read, which the client chose (a forged log
   * line, terminal escapes), so nothing of the request is written.
   */
  static void refuse(ChannelHandlerContext context) {
    throttled.warn("malformed_body", "Requests with a malformed chunked body refused with 400");
    String requestId = RequestIds.from(null);
    Buffer body = new Envelope(requestId, Reply.error(MALFORMED), null, null).toBuffer();
    MultiMap headers = MultiMap.caseInsensitiveMultiMap();
    SecurityHeaders.apply(headers);
    StringBuilder head = new StringBuilder("HTTP/1.1 400 Bad Request\r\n")
      .append("Content-Type: application/json; charset=utf-8").append("\r\n")
      .append("Content-Length: ").append(body.length()).append("\r\n")
      .append(RequestIds.HEADER_NAME).append(": ").append(requestId).append("\r\n")
      .append("Connection: close\r\n");
    headers.forEach(header -> head.append(header.getKey()).append(": ").append(header.getValue()).append("\r\n"));
    head.append("\r\n");
    context.writeAndFlush(Unpooled.wrappedBuffer(head.toString().getBytes(StandardCharsets.US_ASCII), body.getBytes()))
      .addListener(ChannelFutureListener.CLOSE);
  }
}
