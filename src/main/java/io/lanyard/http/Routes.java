package io.lanyard.http;

import io.lanyard.api.Operation;
import io.lanyard.api.Reply;
import io.vertx.core.http.HttpMethod;

import java.util.ArrayList;
import java.util.List;

import static io.lanyard.http.Access.AUTHENTICATED;
import static io.lanyard.http.Access.PUBLIC;
import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.POST;

/** The route table: every path, its Kuzzle controller and action, and who may call it. The wire names live here only. */
public final class Routes {

  private final List<Route> routes = new ArrayList<>();

  private Routes() {
  }

  public static List<Route> table(String pluginName, Operations operations) {
    Routes table = new Routes();
    String plugin = "/_plugin/" + pluginName;
    String userController = pluginName + "/userController";
    String authController = pluginName + "/AuthController";
    String thirdPartyController = pluginName + "/thirdPartyController";

    table.add(POST, "/_login/:strategy", "auth", "login", PUBLIC, operations.login()::handle);

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

    return List.copyOf(table.routes);
  }

  private void add(HttpMethod method, String path, String controller, String action, Access access, Operation operation) {
    routes.add(new Route(method, path, controller, action, access, operation));
  }
}
