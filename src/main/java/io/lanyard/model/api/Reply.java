package io.lanyard.model.api;

import io.vertx.core.json.JsonObject;

import java.util.Map;

/**
 * What an operation answers: a result under status 200, or an envelope-level error; plus any extra response headers.
 *
 * @param bare true for a document written as it is, without the envelope: only where a standard fixes the reply's format and
 *   generic clients read it (a JWK Set)
 * @param serialisedResult {@code result} already serialised, when it was made once for many replies; else null
 * @param throttled the limit that refused the request, for a 429 ({@link TooManyRequests#reply}); else null
 */
public record Reply(int status, JsonObject result, ApiError error, Map<String, String> headers, boolean bare,
                    RawJson serialisedResult, TooManyRequests.Reason throttled) {

  public Reply(int status, JsonObject result, ApiError error, Map<String, String> headers) {
    this(status, result, error, headers, false, null, null);
  }

  public static Reply ok(JsonObject result) {
    return new Reply(200, result, null, Map.of());
  }

  public static Reply of(Result result) {
    return new Reply(200, result.toJson(), null, Map.of(), false, result.json(), null);
  }

  public static Reply error(ApiError error) {
    return new Reply(error.status(), null, error, Map.of());
  }

  public static Reply error(ApiError error, Map<String, String> headers) {
    return new Reply(error.status(), null, error, headers);
  }

  /**
   * An error whose result still says something: only the health check's 503, whose result tells which check failed. Every
   * other error has a null result (docs/api.md).
   */
  public static Reply errorWithResult(ApiError error, JsonObject result) {
    return new Reply(error.status(), result, error, Map.of());
  }


  public static Reply bare(JsonObject document, Map<String, String> headers) {
    return new Reply(200, document, null, headers, true, null, null);
  }
}
