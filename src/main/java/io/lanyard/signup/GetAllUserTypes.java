package io.lanyard.signup;

import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.platform.support.LiveCopy;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/** GET|POST /_plugin/{P}/user/getAllUserTypes: 0 with {@code data.userTypes} | 228. Served from memory. */
public final class GetAllUserTypes {

  private static final Logger log = LoggerFactory.getLogger(GetAllUserTypes.class);

  private final LiveCopy<List<String>> userTypes;
  // The result for the list last read, serialised: a reload (on a change notification, from any instance) brings a new list,
  // whose result is serialised once.
  private volatile Serialised serialised = new Serialised(null, null);

  public GetAllUserTypes(LiveCopy<List<String>> userTypes) {
    this.userTypes = userTypes;
  }

  public Future<Result> handle() {
    return userTypes.get()
      .map(this::result)
      .otherwise(failure -> {
        log.error("Reading the user types failed", failure);
        return Result.of(StatusCode.USER_TYPES_FAILED);
      });
  }

  private Result result(List<String> types) {
    Serialised current = serialised;
    if (current.types() != types) {
      current = new Serialised(types, Result.reused(new JsonObject().put("userTypes", new JsonArray(types))));
      serialised = current;
    }
    return current.result();
  }

  private record Serialised(List<String> types, Result result) {
  }
}
