package io.lanyard.api;

import io.vertx.core.json.JsonObject;

import java.util.Map;

/** What an operation answers: a result under status 200, or an envelope-level error; plus any extra response headers. */
public record Reply(int status, JsonObject result, ApiError error, Map<String, String> headers) {

  public static Reply ok(JsonObject result) {
    return new Reply(200, result, null, Map.of());
  }

  public static Reply of(Result result) {
    return ok(result.toJson());
  }

  public static Reply error(ApiError error) {
    return new Reply(error.status(), null, error, Map.of());
  }

  public static Reply error(ApiError error, Map<String, String> headers) {
    return new Reply(error.status(), null, error, headers);
  }
}
