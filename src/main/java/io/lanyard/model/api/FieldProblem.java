package io.lanyard.model.api;

import io.vertx.core.json.JsonObject;

/** One reason a request field was refused, as reported in {@code result.data.errors}. */
public record FieldProblem(String field, String reason) {

  public static FieldProblem missing(String field) {
    return new FieldProblem(field, "missing");
  }

  public JsonObject toJson() {
    return new JsonObject().put("field", field).put("reason", reason);
  }
}
