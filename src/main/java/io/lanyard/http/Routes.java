package io.lanyard.http;

import io.lanyard.api.ApiRequest;
import io.lanyard.api.Operation;
import io.lanyard.api.Result;
import io.lanyard.api.Version;
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
 * The route table: every path, its Kuzzle controller and action, and who may call it. The wire names live here only;
 * {@code GET /_publicApi} announces exactly this table; and a plugin operation's result is counted as it becomes its reply.
 */
public final class Routes {

  private static final String SERVER = "server";
  private static final String AUTH = "auth";

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
    String thirdPartyController = pluginName + "/thirdPartyController";
    PublicApi api = new PublicApi(Version.NUMBER);

    table.add(GET, "/", SERVER, "info", PUBLIC, api::serverInfo);
    table.add(GET, "/_serverInfo", SERVER, "info", PUBLIC, api::serverInfo);
    table.add(GET, "/_publicApi", SERVER, "publicApi", PUBLIC, api::publicApi);
    table.add(GET, "/_healthCheck", SERVER, "healthCheck", PUBLIC, operations.healthCheck()::handle);
    table.add(GET, "/_openapi", SERVER, "openapi", PUBLIC, operations.openApi()::handle);

    table.add(POST, "/_login/:strategy", AUTH, "login", PUBLIC,
      request -> operations.login().handle(request).map(outcomes::countLogin));
    table.add(POST, "/_checkToken", AUTH, "checkToken", PUBLIC, operations.checkToken()::handle);
    table.add(POST, "/_refreshToken", AUTH, "refreshToken", AUTHENTICATED, operations.refreshToken()::handle);
    table.add(POST, "/_logout", AUTH, "logout", AUTHENTICATED, operations.logout()::handle);
    table.add(GET, "/_me", AUTH, "getCurrentUser", AUTHENTICATED, operations.getCurrentUser()::handle);
    table.add(GET, "/users/_me", AUTH, "getCurrentUser", AUTHENTICATED, operations.getCurrentUser()::handle);  // Kuzzle 1.x URL
    operations.jwks().ifPresent(jwks -> table.add(GET, "/.well-known/jwks.json", AUTH, "getJwks", PUBLIC, jwks::handle));

    Function<ApiRequest, Future<Result>> getAllUserTypes = request -> operations.getAllUserTypes().handle();
    table.plugin(GET, plugin + "/user/getAllUserTypes", userController, "getAllUserTypes", AUTHENTICATED, getAllUserTypes);
    table.plugin(POST, plugin + "/user/getAllUserTypes", userController, "getAllUserTypes", AUTHENTICATED, getAllUserTypes);

    table.plugin(POST, plugin + "/user/createWithPassword", authController, "createUserWithPassword", PUBLIC,
      request -> operations.createUserWithPassword().handle(request.body()));
    table.plugin(POST, plugin + "/user/create", authController, "createUser", PUBLIC,
      request -> operations.createUserByLink().handle(request.body()));
    table.plugin(POST, plugin + "/user/activate", authController, "activateUser", PUBLIC,
      request -> operations.activateUser().handle(request.body()));

    table.plugin(POST, plugin + "/thirdParty/updateUser", thirdPartyController, "updateUserInformationsThirdParty",
      AUTHENTICATED, operations.updateUser()::handle);
    table.plugin(POST, plugin + "/thirdParty/getUser", thirdPartyController, "getUserForThirdParty", AUTHENTICATED,
      operations.getUser()::handle);

    List<Route> routes = List.copyOf(table.routes);
    api.describe(routes);
    return routes;
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
