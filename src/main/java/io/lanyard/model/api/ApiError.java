package io.lanyard.model.api;

import io.vertx.core.json.JsonObject;

/**
 * An envelope-level error, {@code {message, status, stack, id}}. {@code stack} is always {@code "<Kind>Error: <message>"}: the shape
 * Kuzzle clients expect, and never a stack frame, class name, SQL or host detail.
 */
public record ApiError(int status, String kind, String message, String id) {

  public static final String JWT_ERROR = "Json Web Token Error";
  public static final String TOKEN_EXPIRED = "Token expired";
  public static final String INVALID_TOKEN = "Invalid token";
  public static final String WRONG_CREDENTIALS = "wrong username or password";
  public static final String MISSING_CREDENTIALS = "Missing credentials";
  public static final String UNPARSABLE_BODY = "Unable to convert the HTTP body to JSON";
  /** The id of every 503 saying the database cannot serve now (the health check's included). */
  public static final String STORAGE_UNAVAILABLE = "services.storage.unavailable";
  /** The header telling a refused client when to try again, in seconds. */
  public static final String RETRY_AFTER = "Retry-After";

  public static ApiError badRequest(String message, String id) {
    return new ApiError(400, "BadRequest", message, id);
  }

  public static ApiError unauthorized(String message, String id) {
    return new ApiError(401, "Unauthorized", message, id);
  }

  public static ApiError invalidToken() {
    return unauthorized(JWT_ERROR, "security.token.invalid");
  }

  public static ApiError expiredToken() {
    return unauthorized(TOKEN_EXPIRED, "security.token.expired");
  }

  public static ApiError revokedToken() {
    return unauthorized(INVALID_TOKEN, "security.token.invalid");
  }

  public static ApiError anonymous(String controller, String action) {
    return unauthorized("Unauthorized action [" + controller + "/" + action + "] for anonymous user",
      "security.rights.unauthorized");
  }

  public static ApiError wrongCredentials() {
    return unauthorized(WRONG_CREDENTIALS, "security.credentials.invalid");
  }

  public static ApiError missingCredentials() {
    return unauthorized(MISSING_CREDENTIALS, "security.credentials.missing");
  }

  /** The per-identifier lockout's refusal (sent with a {@code Retry-After} header): Kuzzle's id and message. */
  public static ApiError tooManyLogins() {
    return new ApiError(429, "TooManyRequests", "Too many login attempts", "api.process.too_many_logins_requests");
  }

  /** A per-source or per-user rate's refusal (sent with a {@code Retry-After} header). */
  public static ApiError tooManyRequests() {
    return new ApiError(429, "TooManyRequests", "Too many requests", "api.process.too_many_requests");
  }

  public static ApiError invalidArgument(String argument) {
    return badRequest("Invalid argument \"" + argument + "\"", "api.assert.invalid_argument");
  }

  public static ApiError unparsableBody() {
    return badRequest(UNPARSABLE_BODY, "api.assert.invalid_body");
  }

  public static ApiError tooDeep(int maxDepth) {
    return badRequest("The HTTP body nests JSON deeper than " + maxDepth + " levels", "api.assert.body_too_deep");
  }

  /** A number or string longer than the JSON parser reads (numbers of 1,000 digits, strings of 20 million characters). */
  public static ApiError valueTooLong() {
    return badRequest("The HTTP body holds a number or string too long to read", "api.assert.body_value_too_long");
  }

  public static ApiError urlNotFound(String path) {
    return new ApiError(404, "NotFound", "API URL not found: " + path + ".", "api.url_not_found");
  }

  /** A known path called with a method it is not served with; the reply's {@code Allow} header lists those it is. */
  public static ApiError methodNotAllowed(String method, String path) {
    return new ApiError(405, "MethodNotAllowed", "Method " + method + " not allowed on " + path + ".", "api.method_not_allowed");
  }

  public static ApiError tooLarge(long limit) {
    return new ApiError(413, "SizeLimit", "Maximum HTTP request size exceeded (" + limit + " bytes)",
      "network.http.request_too_large");
  }

  public static ApiError internal() {
    return new ApiError(500, "Internal", "Internal error", "api.process.internal_error");
  }

  public static ApiError unavailable(String message, String id) {
    return new ApiError(503, "ServiceUnavailable", message, id);
  }

  /** Admission control's refusal (sent with a {@code Retry-After} header). */
  public static ApiError overloaded() {
    return unavailable("Request discarded: the server is overloaded, retry later", "api.process.overloaded");
  }

  public JsonObject toJson() {
    return new JsonObject()
      .put("message", message)
      .put("status", status)
      .put("stack", kind + "Error: " + message)
      .put("id", id);
  }
}
