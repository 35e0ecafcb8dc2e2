package io.lanyard.web;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;
import io.vertx.core.net.impl.ConnectionBase;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP/1.1 request decoder of Vert.x, made strict where Netty is lenient and leniency lets one request hide inside another:
 * {@code Transfer-Encoding} beside {@code Content-Length} is refused (400) rather than resolved (RFC 9112 §6.3), and a transfer
 * coding other than {@code chunked} alone (501, RFC 9112 §6.1); nothing after a refused request is decoded, and the connection
 * closes after the refusal. Each request must arrive whole (headers and body) within the read timeout from its first byte, so a
 * client trickling bytes (slowloris) cannot hold a connection; idle keep-alive connections are the idle timeout's business.
 * Refusals of the decoder answer over HTTP/1.1 (Netty would build them as HTTP/1.0).
 *
 * <p>Vert.x offers no hook for this, so the decoder is swapped into the pipeline of each new connection (before any byte is
 * read: cleartext HTTP/2 upgrade is off, so Vert.x sets the HTTP/1.1 pipeline up when the connection opens).
 */
final class StrictRequestDecoder extends VertxHttpRequestDecoder {

  private static final String DECODER = "httpDecoder";

  /** Why a request was refused before it reached the router, with the status its reply carries. */
  static final class Refused extends RuntimeException {

    private final int status;

    Refused(int status, String message) {
      super(message, null, false, false);
      this.status = status;
    }

    int status() {
      return status;
    }
  }

  private final long readTimeoutNanos;
  /** The read-timeout check; one at a time, and not re-armed per request (see {@link #checkReadTimeout}). */
  private ScheduledFuture<?> check;
  /** When the request being read began, while one is being read. */
  private long requestStarted;
  private boolean reading;
  private boolean refused;

  private StrictRequestDecoder(HttpServerOptions options, Duration readTimeout) {
    super(options);
    this.readTimeoutNanos = readTimeout.toNanos();
  }

  /** Swaps the decoder of a new HTTP/1.x connection; any other connection is left as it is. */
  static void install(HttpConnection connection, HttpServerOptions options, Duration readTimeout) {
    if (connection instanceof ConnectionBase base) {
      ChannelPipeline pipeline = base.channelHandlerContext().pipeline();
      if (pipeline.get(DECODER) instanceof HttpRequestDecoder) {
        pipeline.replace(DECODER, DECODER, new StrictRequestDecoder(options, readTimeout));
      }
    }
  }

  @Override
  protected void decode(ChannelHandlerContext context, ByteBuf in, List<Object> out) throws Exception {
    if (refused) {
      in.skipBytes(in.readableBytes());
      return;
    }
    if (!reading && in.isReadable()) {
      reading = true;
      requestStarted = System.nanoTime();
      if (check == null) {
        scheduleCheck(context, readTimeoutNanos);
      }
    }
    int first = out.size();
    super.decode(context, in, out);
    for (int i = first; i < out.size(); i++) {
      Object message = out.get(i);
      if (message instanceof HttpMessage http && http.decoderResult().isFailure()) {
        refuseFrom(i + 1, in, out);
        return;
      }
      if (message instanceof HttpContent content && content.decoderResult().isFailure()) {
        // the request went on already; Vert.x would close without a reply: the refusal is answered here, and nothing reaches it
        refuseFrom(i, in, out);
        MalformedBodies.refuse(context);
        return;
      }
      if (message instanceof LastHttpContent) {
        reading = false;
      }
    }
  }

  /** The refused request goes on to be answered; whatever followed it on the connection is dropped unread. */
  private void refuseFrom(int next, ByteBuf in, List<Object> out) {
    refused = true;
    reading = false;
    cancelCheck();
    while (out.size() > next) {
      ReferenceCountUtil.release(out.remove(out.size() - 1));
    }
    in.skipBytes(in.readableBytes());
  }

  /**
   * Scheduling and cancelling a timer for each request of a keep-alive connection cost a measurable share of a token read; the
   * check instead looks at the request under way when it fires, and arms itself again only while one is: for the rest of that
   * request's time if it is still within it, so a request is closed at its own deadline whichever request armed the check.
   */
  private void checkReadTimeout(ChannelHandlerContext context) {
    check = null;
    if (!reading) {
      return;
    }
    long left = requestStarted + readTimeoutNanos - System.nanoTime();
    if (left <= 0) {
      context.close();
    } else {
      scheduleCheck(context, left);
    }
  }

  private void scheduleCheck(ChannelHandlerContext context, long delayNanos) {
    check = context.executor().schedule(() -> checkReadTimeout(context), delayNanos, TimeUnit.NANOSECONDS);
  }

  @Override
  protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
    refuse(message, new Refused(400, "Transfer-Encoding and Content-Length may not both be sent"));
    super.handleTransferEncodingChunkedWithContentLength(message);
  }

  /** Called once the headers are read, for every request: the place to look at its transfer coding. */
  @Override
  protected boolean isContentAlwaysEmpty(HttpMessage message) {
    List<String> codings = message.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING);
    if (!codings.isEmpty() && !(codings.size() == 1 && codings.get(0).trim().equalsIgnoreCase("chunked"))) {
      refuse(message, new Refused(501, "Transfer codings other than chunked are not implemented"));
    }
    return super.isContentAlwaysEmpty(message);
  }

  private static void refuse(HttpMessage message, Refused reason) {
    if (message.decoderResult().isSuccess()) {
      message.setDecoderResult(DecoderResult.failure(reason));
    }
  }

  @Override
  protected HttpMessage createInvalidMessage() {
    return new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/bad-request", Unpooled.buffer(0),
      headersFactory, trailersFactory);
  }

  @Override
  public void channelInactive(ChannelHandlerContext context) throws Exception {
    cancelCheck();
    super.channelInactive(context);
  }

  @Override
  protected void handlerRemoved0(ChannelHandlerContext context) throws Exception {
    cancelCheck();
    super.handlerRemoved0(context);
  }

  private void cancelCheck() {
    if (check != null) {
      check.cancel(false);
      check = null;
    }
  }
}
