package io.lanyard.http;

import io.lanyard.api.Reply;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;

/**
 * The Kuzzle reply envelope: exactly nine keys, in this order, for every reply of every route. {@code result} is null beside an
 * error, unless the reply chose to keep one (the health check's 503).
 */
public record Envelope(String requestId, Reply reply, String controller, String action) {

  public JsonObject toJson() {
    return new JsonObject()
      .put("requestId", requestId)
      .put("status", reply.status())
      .put("error", reply.error() == null ? null : reply.error().toJson())
      .put("controller", controller)
      .put("action", action)
      .put("collection", null)
      .put("index", null)
      .put("volatile", null)
      .put("result", reply.result());
  }

  public Buffer toBuffer() {
    return toJson().toBuffer();
  }
}
