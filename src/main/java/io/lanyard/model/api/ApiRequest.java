package io.lanyard.model.api;

import io.vertx.core.MultiMap;
import io.vertx.core.json.JsonObject;

import java.util.Map;
import java.util.Optional;

/**
 * A request as operations see it: no routing context, only what they may read.
 *
 * @param source the client's address (docs/decisions.md §7: the peer, or the client behind a trusted proxy)
 * @param userAgent the {@code User-Agent} header, or empty
 * @param idempotencyKey the {@code Idempotency-Key} header, if sent (read by the creation routes)
 * @param deviceMarker the {@code X-Lanyard-Device} header, if sent (read by login: docs/security.md#device-markers)
 */
public record ApiRequest(String requestId, JsonObject body, MultiMap query, Map<String, String> pathParams,
                         Optional<Caller> caller, String source, String userAgent, Optional<String> idempotencyKey,
                         Optional<String> deviceMarker) {

  /** A request without an {@code Idempotency-Key} (the hosted pages' forms, which send none). */
  public ApiRequest(String requestId, JsonObject body, MultiMap query, Map<String, String> pathParams, Optional<Caller> caller,
                    String source, String userAgent) {
    this(requestId, body, query, pathParams, caller, source, userAgent, Optional.empty(), Optional.empty());
  }

  /** A query parameter, else the body field of the same name (Kuzzle reads arguments from both). */
  public Object argument(String name) {
    String fromQuery = query.get(name);
    return fromQuery != null ? fromQuery : body.getValue(name);
  }

  /**
   * A boolean argument, read as Kuzzle reads one (its SDK sends {@code ?global} for true and nothing for false): absent is
   * false; no value, {@code true} or {@code 1} is true; {@code false} or {@code 0} is false; anything else is empty (invalid).
   */
  public Optional<Boolean> flag(String name) {
    Object value = argument(name);
    if (value == null || value instanceof Boolean) {
      return Optional.of(Boolean.TRUE.equals(value));
    }
    if (value instanceof String text) {
      String trimmed = text.trim();
      if (trimmed.isEmpty() || trimmed.equalsIgnoreCase("true") || trimmed.equals("1")) {
        return Optional.of(true);
      }
      if (trimmed.equalsIgnoreCase("false") || trimmed.equals("0")) {
        return Optional.of(false);
      }
    }
    return Optional.empty();
  }

  /** The request's id, source and user agent, for the audit trail. */
  public RequestOrigin origin() {
    return new RequestOrigin(requestId, source, userAgent);
  }

  public Caller requireCaller() {
    return caller.orElseThrow(() -> new IllegalStateException("route is protected, caller must be present"));
  }
}
