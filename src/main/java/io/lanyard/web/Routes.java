package io.lanyard.web;

import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.Caller;
import io.lanyard.model.api.Operation;
import io.lanyard.model.api.Reply;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.Version;
import io.lanyard.partners.ThirdPartyRequest;
import io.lanyard.selfservice.credentials.UpdateCredentialsRequest;
import io.lanyard.selfservice.emailchange.ConfirmEmailChangeRequest;
import io.lanyard.selfservice.emailchange.EmailChangeRequest;
import io.lanyard.selfservice.privacy.DeleteAccountRequest;
import io.lanyard.selfservice.recovery.PasswordResetRequest;
import io.lanyard.selfservice.recovery.ResetPasswordRequest;
import io.lanyard.services.metrics.Outcomes;
import io.lanyard.services.throttling.SourceRates;
import io.lanyard.signin.CheckTokenRequest;
import io.lanyard.signin.LoginRequest;
import io.lanyard.signin.LogoutRequest;
import io.lanyard.signin.RefreshTokenRequest;
import io.lanyard.signup.ActivationRequest;
import io.lanyard.signup.CreateUserRequest;
import io.lanyard.web.server.HealthCheckRequest;
import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

import static io.lanyard.web.Access.AUTHENTICATED;
import static io.lanyard.web.Access.PUBLIC;
import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.POST;
import static io.vertx.core.http.HttpMethod.PUT;

/**
 * The route table: every path, its Kuzzle controller and action, and who may call it. The wire names live here only;
 * {@code GET /_publicApi} announces exactly this table; a plugin operation's result is counted as it becomes its reply, and
 * every route's 429s by the limit that refused them. The routes of {@link SourceLimits#RATED} spend their per-source rate
 * before their operation runs.
 */
public final class Routes {

  private static final String SERVER = "server";
  private static final String AUTH = "auth";
  /** Logins are counted by outcome (success, refusal, overload), the figure an operator watches at a fair's opening. */
  private static final String LOGIN = "login";

  private final List<Route> routes = new ArrayList<>();
  private final Outcomes outcomes;
  private final SourceLimits limits;

  private Routes(Outcomes outcomes, SourceLimits limits) {
    this.outcomes = outcomes;
    this.limits = limits;
  }

  /** @param sourceRates the per-source rates, shared with the hosted pages that run the same operations */
  public static List<Route> table(String pluginName, Operations operations, Outcomes outcomes, SourceRates sourceRates) {
    Routes table = new Routes(outcomes, new SourceLimits(sourceRates));
    String plugin = "/_plugin/" + pluginName;
    String userController = pluginName + "/userController";
    String authController = pluginName + "/AuthController";
    String thirdPartyController = pluginName + "/thirdPartyController";
    PublicApi api = new PublicApi(Version.NUMBER);

    table.add(GET, "/", SERVER, "info", PUBLIC, api::serverInfo);
    table.add(GET, "/_serverInfo", SERVER, "info", PUBLIC, api::serverInfo);
    table.add(GET, "/_publicApi", SERVER, "publicApi", PUBLIC, api::publicApi);
    table.add(GET, "/_healthCheck", SERVER, "healthCheck", PUBLIC, HealthCheckRequest::from, operations.healthCheck()::handle);
    table.add(GET, "/_openapi", SERVER, "openapi", PUBLIC, operations.openApi()::handle);

    table.add(POST, "/_login/:strategy", AUTH, "login", PUBLIC, LoginRequest::from, operations.login()::handle);
    table.add(POST, "/_checkToken", AUTH, "checkToken", PUBLIC, CheckTokenRequest::from, operations.checkToken()::handle);
    table.add(POST, "/_refreshToken", AUTH, "refreshToken", AUTHENTICATED, RefreshTokenRequest::from,
      operations.refreshToken()::handle);
    table.add(POST, "/_logout", AUTH, "logout", AUTHENTICATED, LogoutRequest::from, operations.logout()::handle);
    table.add(GET, "/_me", AUTH, "getCurrentUser", AUTHENTICATED, Caller::from, operations.getCurrentUser()::handle);
    // Kuzzle 1.x URL
    table.add(GET, "/users/_me", AUTH, "getCurrentUser", AUTHENTICATED, Caller::from, operations.getCurrentUser()::handle);
    operations.jwks().ifPresent(jwks -> table.add(GET, "/.well-known/jwks.json", AUTH, "getJwks", PUBLIC, jwks::handle));

    table.plugin(GET, plugin + "/user/getAllUserTypes", userController, "getAllUserTypes", AUTHENTICATED,
      operations.getAllUserTypes()::handle);
    table.plugin(POST, plugin + "/user/getAllUserTypes", userController, "getAllUserTypes", AUTHENTICATED,
      operations.getAllUserTypes()::handle);

    table.plugin(POST, plugin + "/user/createWithPassword", authController, "createUserWithPassword", PUBLIC,
      CreateUserRequest::withPassword, operations.createUserWithPassword()::handle);
    table.plugin(POST, plugin + "/user/create", authController, "createUser", PUBLIC,
      CreateUserRequest::byLink, operations.createUserByLink()::handle);
    table.plugin(POST, plugin + "/user/activate", authController, "activateUser", PUBLIC,
      ActivationRequest::from, operations.activateUser()::handle);

    Operations.Lifecycle lifecycle = operations.lifecycle();
    table.add(PUT, "/credentials/:strategy/_me/_update", AUTH, "updateMyCredentials", AUTHENTICATED,
      UpdateCredentialsRequest::from, lifecycle.updateMyCredentials()::handle);
    table.plugin(POST, plugin + "/user/requestPasswordReset", authController, "requestPasswordReset", PUBLIC,
      PasswordResetRequest::from, lifecycle.requestPasswordReset()::handle);
    table.plugin(POST, plugin + "/user/resetPassword", authController, "resetPassword", PUBLIC,
      ResetPasswordRequest::from, lifecycle.resetPassword()::handle);
    table.pluginOrError(POST, plugin + "/user/requestEmailChange", userController, "requestEmailChange", AUTHENTICATED,
      EmailChangeRequest::from, lifecycle.requestEmailChange()::handle);
    table.plugin(POST, plugin + "/user/confirmEmailChange", authController, "confirmEmailChange", PUBLIC,
      ConfirmEmailChangeRequest::from, lifecycle.confirmEmailChange()::handle);
    table.pluginOrError(POST, plugin + "/user/deleteAccount", userController, "deleteAccount", AUTHENTICATED,
      DeleteAccountRequest::from, lifecycle.deleteAccount()::handle);
    table.plugin(GET, plugin + "/user/exportData", userController, "exportData", AUTHENTICATED, Caller::from,
      lifecycle.exportData()::handle);

    table.plugin(POST, plugin + "/thirdParty/updateUser", thirdPartyController, "updateUserInformationsThirdParty",
      AUTHENTICATED, ThirdPartyRequest::forUpdate, operations.updateUser()::handle);
    table.plugin(POST, plugin + "/thirdParty/getUser", thirdPartyController, "getUserForThirdParty", AUTHENTICATED,
      ThirdPartyRequest::forRead, operations.getUser()::handle);

    List<Route> routes = List.copyOf(table.routes);
    api.describe(routes);
    return routes;
  }

  /** A route whose operation reads the request record {@code request} builds. */
  private <R> void add(HttpMethod method, String path, String controller, String action, Access access,
                       Function<ApiRequest, R> request, Function<R, Future<Reply>> operation) {
    Operation limited = limits.guard(action, apiRequest -> operation.apply(request.apply(apiRequest)));
    Operation bound = apiRequest -> limited.handle(apiRequest).onFailure(failure -> outcomes.countThrottled(action, failure));
    routes.add(new Route(method, path, controller, action, access, LOGIN.equals(action)
      ? apiRequest -> bound.handle(apiRequest).map(reply -> outcomes.countLogin(apiRequest, reply))
      : bound));
  }

  /** A route whose operation needs nothing from the request. */
  private void add(HttpMethod method, String path, String controller, String action, Access access,
                   Supplier<Future<Reply>> operation) {
    add(method, path, controller, action, access, apiRequest -> null, nothing -> operation.get());
  }

  /** A plugin operation: its business result becomes the reply, counted by action, statusCode and synthetic or not. */
  private <R> void plugin(HttpMethod method, String path, String controller, String action, Access access,
                          Function<ApiRequest, R> request, Function<R, Future<Result>> operation) {
    add(method, path, controller, action, access, apiRequest -> apiRequest,
      apiRequest -> operation.apply(request.apply(apiRequest)).map(result -> outcomes.count(action, apiRequest, result)));
  }

  /** A plugin operation that may also answer an envelope-level error (the lockout's 429); its results are counted. */
  private <R> void pluginOrError(HttpMethod method, String path, String controller, String action, Access access,
                                 Function<ApiRequest, R> request, Function<R, Future<Reply>> operation) {
    add(method, path, controller, action, access, apiRequest -> apiRequest,
      apiRequest -> operation.apply(request.apply(apiRequest)).map(reply -> outcomes.countReply(action, apiRequest, reply)));
  }

  private void plugin(HttpMethod method, String path, String controller, String action, Access access,
                      Supplier<Future<Result>> operation) {
    plugin(method, path, controller, action, access, apiRequest -> null, nothing -> operation.get());
  }
}
