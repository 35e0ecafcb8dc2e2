package io.lanyard.web;

import io.lanyard.model.api.ApiError;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a request must be before its body or token is looked at: one {@code Authorization} header at most (two would leave
 * which one counts to whoever reads them), and a body declared as {@code application/json}. The second also keeps a browser's
 * cross-site "simple" form post (urlencoded, multipart or text/plain, sent without a CORS preflight) from ever reaching login.
 */
final class RequestChecks {

  private static final String JSON = "application/json";

  private RequestChecks() {
  }

  static Optional<ApiError> refusal(HttpServerRequest request, Buffer body) {
    List<String> authorizations = request.headers().getAll(HttpHeaders.AUTHORIZATION);
    if (authorizations.size() > 1) {
      return Optional.of(ApiError.badRequest("Only one Authorization header may be sent", "network.http.duplicate_header"));
    }
    if (hasBody(request, body) && !isJson(request.getHeader(HttpHeaders.CONTENT_TYPE))) {
      return Optional.of(new ApiError(415, "BadRequest", "A request body must be sent as application/json",
        "network.http.unsupported_media_type"));
    }
    return Optional.empty();
  }

  /** Bytes arrived, or were announced: a form the body handler decoded into attributes leaves no bytes behind. */
  private static boolean hasBody(HttpServerRequest request, Buffer body) {
    if (body != null && body.length() > 0) {
      return true;
    }
    String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
    return request.headers().contains(HttpHeaders.TRANSFER_ENCODING) || (length != null && !length.trim().equals("0"));
  }

  /** {@code application/json}, in any case, with parameters ({@code ; charset=utf-8}) or not. */
  private static boolean isJson(String contentType) {
    if (contentType == null) {
      return false;
    }
    int parameters = contentType.indexOf(';');
    String mediaType = (parameters < 0 ? contentType : contentType.substring(0, parameters)).trim();
    return mediaType.toLowerCase(Locale.ROOT).equals(JSON);
  }
}
