package io.lanyard.web;

import io.lanyard.model.api.Reply;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.util.List;

/**
 * GET /_publicApi and GET / (or /_serverInfo): Kuzzle's description of the API, {@code {<controller>: {<action>: {controller,
 * action, http: [{verb, url}]}}}}, which the Kuzzle SDK's Http protocol builds its URLs from. It is generated from the route
 * table, so a route added to {@link Routes} is announced with nothing else to do. Server info says the version and the routes:
 * no host, no setting, no secret.
 */
final class PublicApi {

  private final String version;
  private volatile JsonObject routes = new JsonObject();

  PublicApi(String version) {
    this.version = version;
  }

  /** Called once the table is complete: the table describes itself, these routes included. */
  void describe(List<Route> table) {
    JsonObject controllers = new JsonObject();
    for (Route route : table) {
      JsonObject actions = child(controllers, route.controller());
      JsonObject action = actions.getJsonObject(route.action());
      if (action == null) {
        action = new JsonObject().put("controller", route.controller()).put("action", route.action()).put("http", new JsonArray());
        actions.put(route.action(), action);
      }
      action.getJsonArray("http").add(new JsonObject().put("verb", route.method().name()).put("url", route.path()));
    }
    routes = controllers;
  }

  Future<Reply> publicApi() {
    return Future.succeededFuture(Reply.ok(routes.copy()));
  }

  Future<Reply> serverInfo() {
    JsonObject kuzzle = new JsonObject().put("version", version).put("api", new JsonObject().put("routes", routes.copy()));
    return Future.succeededFuture(Reply.ok(new JsonObject()
      .put("serverInfo", new JsonObject().put("kuzzle", kuzzle).put("services", new JsonObject()))));
  }

  private static JsonObject child(JsonObject parent, String key) {
    JsonObject child = parent.getJsonObject(key);
    if (child == null) {
      child = new JsonObject();
      parent.put(key, child);
    }
    return child;
  }
}
