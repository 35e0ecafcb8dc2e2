package io.lanyard.web;

import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Refusal;
import io.lanyard.model.api.Reply;
import io.lanyard.model.api.StorageUnavailable;
import io.lanyard.platform.support.FailureLog;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Locale;
import java.util.Optional;

/** Puts replies on the wire: the envelope (or a bare document), once per request, whatever produced the reply. */
final class Replies {

  /** The routing-context key of the request id, set first on every request. */
  static final String REQUEST_ID = "lanyard.requestId";

  private static final Logger log = LoggerFactory.getLogger(Replies.class);
  /** An outage fails every request alike: one line per kind of failure and interval says so, not one per request. */
  private static final FailureLog outages = new FailureLog(log);
  private static final CharSequence JSON_UTF8 = HttpHeaders.createOptimized("application/json; charset=utf-8");

  private Replies() {
  }

  /** Writes the reply once; a reply for a connection already closed or answered is dropped. */
  static void write(RoutingContext context, String controller, String action, Reply reply) {
    HttpServerResponse response = context.response();
    if (response.ended() || response.closed()) {
      return;
    }
    String requestId = context.get(REQUEST_ID);
    if (requestId == null) {
      requestId = RequestIds.from(null);
      response.putHeader(RequestIds.HEADER_NAME, requestId);
    }
    response.setStatusCode(reply.status()).putHeader(HttpHeaders.CONTENT_TYPE, JSON_UTF8);
    reply.headers().forEach(response::putHeader);
    response.end(reply.bare() ? reply.result().toBuffer() : new Envelope(requestId, reply, controller, action).toBuffer());
  }

  /**
   * A refusal is answered as it says (an overload or a database that cannot serve: a 503 the client can retry); any other
   * failed operation is a bug: a 500, logged with its stack.
   */
  static Reply forFailure(Route route, Throwable failure) {
    Optional<Refusal> refusal = Refusal.from(failure);
    if (refusal.isPresent()) {
      if (refusal.get() instanceof StorageUnavailable unavailable) {
        Throwable cause = unavailable.getCause() == null ? unavailable : unavailable.getCause();
        outages.warn(unavailable.kind().name(), "Requests refused with 503, the database cannot serve ("
          + unavailable.kind().name().toLowerCase(Locale.ROOT) + "): " + cause);
      }
      return refusal.get().reply();
    }
    log.error("{} {} failed", route.controller(), route.action(), failure);
    return Reply.error(ApiError.internal());
  }

  /**
   * A request the HTTP decoder refused (request line or headers too long, malformed): the envelope too, never the
   * framework's plain-text page. The connection closes after it, as the stream can no longer be trusted.
   */
  static void invalidRequest(HttpServerRequest request) {
    Throwable cause = request.decoderResult().cause();
    ApiError error;
    if (cause instanceof TooLongHttpLineException) {
      error = new ApiError(414, "BadRequest", "The request URL is too long", "network.http.url_too_long");
    } else if (cause instanceof TooLongHttpHeaderException) {
      error = new ApiError(431, "BadRequest", "The request headers are too large", "network.http.headers_too_large");
    } else if (cause instanceof StrictRequestDecoder.Refused refused && refused.status() == 501) {
      error = new ApiError(501, "NotImplemented", refused.getMessage(), "network.http.unsupported_transfer_encoding");
    } else if (cause instanceof StrictRequestDecoder.Refused refused) {
      error = ApiError.badRequest(refused.getMessage(), "network.http.ambiguous_framing");
    } else {
      error = ApiError.badRequest("Malformed HTTP request", "network.http.malformed_request");
    }
    Envelope envelope = new Envelope(RequestIds.from(null), Reply.error(error), null, null);
    HttpServerResponse response = request.response();
    SecurityHeaders.apply(response.headers());
    response.setStatusCode(error.status()).putHeader(HttpHeaders.CONTENT_TYPE, JSON_UTF8)
      .putHeader(HttpHeaders.CONNECTION, "close").end(envelope.toBuffer());
  }
}
