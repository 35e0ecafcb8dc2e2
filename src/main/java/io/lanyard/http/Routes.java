package io.lanyard.http;

import io.lanyard.api.ApiRequest;
import io.lanyard.api.Operation;
import io.lanyard.api.Result;
import io.lanyard.metrics.Outcomes;
import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static io.lanyard.http.Access.AUTHENTICATED;
import static io.lanyard.http.Access.PUBLIC;
import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.POST;

/**
 * The route table: every path, its Kuzzle controller and action, and who may call it. The wire names live here only, and so
 * does the counting of business results: a plugin operation's result is counted as it becomes its reply.
 */
public final class Routes {

  private static final String SERVER = "server";

  private final List<Route> routes = new ArrayList<>();
  private final Outcomes outcomes;

  private Routes(Outcomes outcomes) {
    this.outcomes = outcomes;
  }

  public static List<Route> table(String pluginName, Operations operations, Outcomes outcomes) {
    Routes table = new Routes(outcomes);
    String plugin = "/_plugin/" + pluginName;
    String userController = pluginName + "/userController";
    String authController = pluginName + "/AuthController";

    table.add(GET, "/_healthCheck", SERVER, "healthCheck", PUBLIC, operations.healthCheck()::handle);
    table.add(GET, "/_openapi", SERVER, "openapi", PUBLIC, operations.openApi()::handle);

    table.add(POST, "/_login/:strategy", "auth", "login", PUBLIC,
      request -> operations.login().handle(request).map(outcomes::countLogin));

    Function<ApiRequest, Future<Result>> getAllUserTypes = request -> operations.getAllUserTypes().handle();
    table.plugin(GET, plugin + "/user/getAllUserTypes", userController, "getAllUserTypes", AUTHENTICATED, getAllUserTypes);
    table.plugin(POST, plugin + "/user/getAllUserTypes", userController, "getAllUserTypes", AUTHENTICATED, getAllUserTypes);

    table.plugin(POST, plugin + "/user/createWithPassword", authController, "createUserWithPassword", PUBLIC,
      request -> operations.createUserWithPassword().handle(request.body()));
    table.plugin(POST, plugin + "/user/create", authController, "createUser", PUBLIC,
      request -> operations.createUserByLink().handle(request.body()));
    table.plugin(POST, plugin + "/user/activate", authController, "activateUser", PUBLIC,
      request -> operations.activateUser().handle(request.body()));

    return List.copyOf(table.routes);
  }

  private void add(HttpMethod method, String path, String controller, String action, Access access, Operation operation) {
    routes.add(new Route(method, path, controller, action, access, operation));
  }

  /** A plugin operation: its business result becomes the reply, and is counted by action and statusCode. */
  private void plugin(HttpMethod method, String path, String controller, String action, Access access,
                      Function<ApiRequest, Future<Result>> operation) {
    add(method, path, controller, action, access, request -> operation.apply(request).map(result -> outcomes.count(action, result)));
  }
}
