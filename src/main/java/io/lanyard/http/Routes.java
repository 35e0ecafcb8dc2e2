package io.lanyard.http;

import io.lanyard.Version;
import io.lanyard.api.Operation;
import io.lanyard.api.Reply;
import io.vertx.core.http.HttpMethod;

import java.util.ArrayList;
import java.util.List;

import static io.lanyard.http.Access.AUTHENTICATED;
import static io.lanyard.http.Access.PUBLIC;
import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.POST;

/**
 * The route table: every path, its Kuzzle controller and action, and who may call it. The wire names live here only, and
 * {@code GET /_publicApi} announces exactly this table.
 */
public final class Routes {

  private static final String SERVER = "server";
  private static final String AUTH = "auth";

  private final List<Route> routes = new ArrayList<>();

  private Routes() {
  }

  public static List<Route> table(String pluginName, Operations operations) {
    Routes table = new Routes();
    String plugin = "/_plugin/" + pluginName;
    String userController = pluginName + "/userController";
    String authController = pluginName + "/AuthController";
    String thirdPartyController = pluginName + "/thirdPartyController";
    PublicApi api = new PublicApi(Version.NUMBER);

    table.add(GET, "/", SERVER, "info", PUBLIC, api::serverInfo);
    table.add(GET, "/_serverInfo", SERVER, "info", PUBLIC, api::serverInfo);
    table.add(GET, "/_publicApi", SERVER, "publicApi", PUBLIC, api::publicApi);
    table.add(GET, "/_healthCheck", SERVER, "healthCheck", PUBLIC, operations.healthCheck()::handle);

    table.add(POST, "/_login/:strategy", AUTH, "login", PUBLIC, operations.login()::handle);
    table.add(POST, "/_checkToken", AUTH, "checkToken", PUBLIC, operations.checkToken()::handle);
    table.add(POST, "/_refreshToken", AUTH, "refreshToken", AUTHENTICATED, operations.refreshToken()::handle);
    table.add(POST, "/_logout", AUTH, "logout", AUTHENTICATED, operations.logout()::handle);
    table.add(GET, "/_me", AUTH, "getCurrentUser", AUTHENTICATED, operations.getCurrentUser()::handle);
    table.add(GET, "/users/_me", AUTH, "getCurrentUser", AUTHENTICATED, operations.getCurrentUser()::handle);  // Kuzzle 1.x URL
    operations.jwks().ifPresent(jwks -> table.add(GET, "/.well-known/jwks.json", AUTH, "getJwks", PUBLIC, jwks::handle));

    Operation getAllUserTypes = request -> operations.getAllUserTypes().handle().map(Reply::of);
    table.add(GET, plugin + "/user/getAllUserTypes", userController, "getAllUserTypes", AUTHENTICATED, getAllUserTypes);
    table.add(POST, plugin + "/user/getAllUserTypes", userController, "getAllUserTypes", AUTHENTICATED, getAllUserTypes);

    table.add(POST, plugin + "/user/createWithPassword", authController, "createUserWithPassword", PUBLIC,
      request -> operations.createUserWithPassword().handle(request.body()).map(Reply::of));
    table.add(POST, plugin + "/user/create", authController, "createUser", PUBLIC,
      request -> operations.createUserByLink().handle(request.body()).map(Reply::of));
    table.add(POST, plugin + "/user/activate", authController, "activateUser", PUBLIC,
      request -> operations.activateUser().handle(request.body()).map(Reply::of));

    table.add(POST, plugin + "/thirdParty/updateUser", thirdPartyController, "updateUserInformationsThirdParty", AUTHENTICATED,
      request -> operations.updateUser().handle(request).map(Reply::of));
    table.add(POST, plugin + "/thirdParty/getUser", thirdPartyController, "getUserForThirdParty", AUTHENTICATED,
      request -> operations.getUser().handle(request).map(Reply::of));

    List<Route> routes = List.copyOf(table.routes);
    api.describe(routes);
    return routes;
  }

  private void add(HttpMethod method, String path, String controller, String action, Access access, Operation operation) {
    routes.add(new Route(method, path, controller, action, access, operation));
  }
}
