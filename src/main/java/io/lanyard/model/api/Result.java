package io.lanyard.model.api;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.util.List;

/**
 * The business result of a plugin operation: {@code {statusCode, message[, data]}}. Expected outcomes are values of this.
 *
 * @param aboutSyntheticAccount the operation acted on a synthetic account that its request did not name by address (an
 *   activation link's): counted apart in the metrics; never on the wire
 * @param json this result as written on the wire, made once for a result that many replies repeat ({@link #reused}); null for
 *   the rest, written with each reply
 */
public record Result(StatusCode status, JsonObject data, boolean aboutSyntheticAccount, RawJson json) {

  public Result(StatusCode status, JsonObject data) {
    this(status, data, false, null);
  }

  /**
   * A success that many requests answer alike until its data changes (the user types): serialised here, once, so a reply
   * copies its bytes rather than encoding it again. Its data must not change afterwards.
   */
  public static Result reused(JsonObject data) {
    return new Result(StatusCode.SUCCESS, data, false, RawJson.of(success(data).toJson()));
  }

  public static Result success() {
    return new Result(StatusCode.SUCCESS, null);
  }

  public static Result success(JsonObject data) {
    return new Result(StatusCode.SUCCESS, data);
  }

  /** The reply of both creation routes: {@code create_user_success} with {@code data: {}}. */
  public static Result created() {
    return new Result(StatusCode.CREATED, new JsonObject());
  }

  public static Result of(StatusCode status) {
    return new Result(status, null);
  }

  /** A refusal naming the fields at fault, in {@code data.errors}. */
  public static Result refused(StatusCode status, List<FieldProblem> problems) {
    JsonArray errors = new JsonArray();
    problems.forEach(problem -> errors.add(problem.toJson()));
    return new Result(status, new JsonObject().put("errors", errors));
  }

  /** This result, said to be about a synthetic account or not. */
  public Result aboutSyntheticAccount(boolean synthetic) {
    return new Result(status, data, synthetic, json);
  }

  public JsonObject toJson() {
    JsonObject json = new JsonObject().put("statusCode", status.code()).put("message", status.message());
    if (data != null) {
      json.put("data", data);
    }
    return json;
  }
}
