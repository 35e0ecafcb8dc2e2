package io.lanyard.api;

import io.vertx.core.MultiMap;
import io.vertx.core.json.JsonObject;

import java.util.Map;
import java.util.Optional;

/** A request as operations see it: no routing context, only what they may read. */
public record ApiRequest(String requestId, JsonObject body, MultiMap query, Map<String, String> pathParams,
                         Optional<Caller> caller) {

  /** A query parameter, else the body field of the same name (Kuzzle reads arguments from both). */
  public Object argument(String name) {
    String fromQuery = query.get(name);
    return fromQuery != null ? fromQuery : body.getValue(name);
  }

  public Caller requireCaller() {
    return caller.orElseThrow(() -> new IllegalStateException("route is protected, caller must be present"));
  }
}
