package io.lanyard.web;

import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.Caller;
import io.lanyard.model.api.Operation;
import io.lanyard.model.api.Reply;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.Version;
import io.lanyard.partners.ThirdPartyRequest;
import io.lanyard.selfservice.SelfServiceOperations;
import io.lanyard.selfservice.credentials.UpdateCredentialsRequest;
import io.lanyard.selfservice.emailchange.ConfirmEmailChangeRequest;
import io.lanyard.selfservice.emailchange.EmailChangeRequest;
import io.lanyard.selfservice.privacy.DeleteAccountRequest;
import io.lanyard.selfservice.recovery.PasswordResetRequest;
import io.lanyard.model.passwords.PasswordByLink;
import io.lanyard.services.metrics.Outcomes;
import io.lanyard.services.throttling.SourceRates;
import io.lanyard.signin.CheckTokenRequest;
import io.lanyard.signin.LoginRequest;
import io.lanyard.signin.LogoutRequest;
import io.lanyard.signin.RefreshTokenRequest;
import io.lanyard.signin.passkeys.PasskeyRequest;
import io.lanyard.signin.passkeys.Passkeys;
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
import static io.vertx.core.http.HttpMethod.DELETE;
import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.POST;
import static io.vertx.core.http.HttpMethod.PUT;

/**
 * The route table: every path, its Kuzzle controller and action, and who may call it. The wire names live here only;
 * {@code GET /_publicApi} announces exactly this table; a plugin operation's result is counted as it becomes its reply, and
 * every route's 429s by the limit that refused them. The routes of an {@link Action} with a per-source rate spend it before
 * their operation runs.
 */
public final class Routes {

  private static final String SERVER = "server";
  private static final String AUTH = "auth";

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

    table.add(GET, "/", SERVER, Action.SERVER_INFO, PUBLIC, api::serverInfo);
    table.add(GET, "/_serverInfo", SERVER, Action.SERVER_INFO, PUBLIC, api::serverInfo);
    table.add(GET, "/_publicApi", SERVER, Action.PUBLIC_API, PUBLIC, api::publicApi);
    table.add(GET, "/_healthCheck", SERVER, Action.HEALTH_CHECK, PUBLIC, HealthCheckRequest::from, operations.server().healthCheck()::handle);
    table.add(GET, "/_openapi", SERVER, Action.OPENAPI, PUBLIC, operations.server().openApi()::handle);

    table.add(POST, "/_login/:strategy", AUTH, Action.LOGIN, PUBLIC, LoginRequest::from, operations.signin().login()::handle);
    table.add(POST, "/_checkToken", AUTH, Action.CHECK_TOKEN, PUBLIC, CheckTokenRequest::from, operations.signin().checkToken()::handle);
    table.add(POST, "/_refreshToken", AUTH, Action.REFRESH_TOKEN, AUTHENTICATED, RefreshTokenRequest::from,
      operations.signin().refreshToken()::handle);
    table.add(POST, "/_logout", AUTH, Action.LOGOUT, AUTHENTICATED, LogoutRequest::from, operations.signin().logout()::handle);
    table.add(GET, "/_me", AUTH, Action.GET_CURRENT_USER, AUTHENTICATED, Caller::from, operations.signin().getCurrentUser()::handle);
    // Kuzzle 1.x URL
    table.add(GET, "/users/_me", AUTH, Action.GET_CURRENT_USER, AUTHENTICATED, Caller::from, operations.signin().getCurrentUser()::handle);
    operations.server().jwks().ifPresent(jwks -> table.add(GET, "/.well-known/jwks.json", AUTH, Action.GET_JWKS, PUBLIC, jwks::handle));
    operations.signin().passkeys().ifPresent(table::passkeys);

    table.plugin(GET, plugin + "/user/getAllUserTypes", userController, Action.GET_ALL_USER_TYPES, AUTHENTICATED,
      operations.signup().getAllUserTypes()::handle);
    table.plugin(POST, plugin + "/user/getAllUserTypes", userController, Action.GET_ALL_USER_TYPES, AUTHENTICATED,
      operations.signup().getAllUserTypes()::handle);

    table.plugin(POST, plugin + "/user/createWithPassword", authController, Action.CREATE_USER_WITH_PASSWORD, PUBLIC,
      CreateUserRequest::withPassword, operations.signup().createUserWithPassword()::handle);
    table.plugin(POST, plugin + "/user/create", authController, Action.CREATE_USER, PUBLIC,
      CreateUserRequest::byLink, operations.signup().createUserByLink()::handle);
    table.plugin(POST, plugin + "/user/activate", authController, Action.ACTIVATE_USER, PUBLIC,
      PasswordByLink::from, operations.signup().activateUser()::handle);

    SelfServiceOperations lifecycle = operations.selfService();
    table.add(PUT, "/credentials/:strategy/_me/_update", AUTH, Action.UPDATE_MY_CREDENTIALS, AUTHENTICATED,
      UpdateCredentialsRequest::from, lifecycle.updateMyCredentials()::handle);
    table.plugin(POST, plugin + "/user/requestPasswordReset", authController, Action.REQUEST_PASSWORD_RESET, PUBLIC,
      PasswordResetRequest::from, lifecycle.requestPasswordReset()::handle);
    table.plugin(POST, plugin + "/user/resetPassword", authController, Action.RESET_PASSWORD, PUBLIC,
      PasswordByLink::from, lifecycle.resetPassword()::handle);
    table.pluginOrError(POST, plugin + "/user/requestEmailChange", userController, Action.REQUEST_EMAIL_CHANGE, AUTHENTICATED,
      EmailChangeRequest::from, lifecycle.requestEmailChange()::handle);
    table.plugin(POST, plugin + "/user/confirmEmailChange", authController, Action.CONFIRM_EMAIL_CHANGE, PUBLIC,
      ConfirmEmailChangeRequest::from, lifecycle.confirmEmailChange()::handle);
    table.pluginOrError(POST, plugin + "/user/deleteAccount", userController, Action.DELETE_ACCOUNT, AUTHENTICATED,
      DeleteAccountRequest::from, lifecycle.deleteAccount()::handle);
    table.plugin(GET, plugin + "/user/exportData", userController, Action.EXPORT_DATA, AUTHENTICATED, Caller::from,
      lifecycle.exportData()::handle);

    table.plugin(POST, plugin + "/thirdParty/updateUser", thirdPartyController, Action.UPDATE_USER,
      AUTHENTICATED, ThirdPartyRequest::forUpdate, operations.partners().updateUser()::handle);
    table.plugin(POST, plugin + "/thirdParty/getUser", thirdPartyController, Action.GET_USER, AUTHENTICATED,
      ThirdPartyRequest::forRead, operations.partners().getUser()::handle);

    List<Route> routes = List.copyOf(table.routes);
    api.describe(routes);
    return routes;
  }

  /** Signing in with a passkey ({@code POST /_login/passkey} is the login route's) and the signed-in person's passkeys. */
  private void passkeys(Passkeys passkeys) {
    add(POST, "/_login/passkey/_challenge", AUTH, Action.PASSKEY_CHALLENGE, PUBLIC, passkeys.signIn()::challenge);
    add(POST, "/_me/passkeys/_options", AUTH, Action.PASSKEY_OPTIONS, AUTHENTICATED, Caller::from,
      passkeys.register()::options);
    add(POST, "/_me/passkeys", AUTH, Action.REGISTER_PASSKEY, AUTHENTICATED, PasskeyRequest::from, passkeys.register()::register);
    add(GET, "/_me/passkeys", AUTH, Action.LIST_PASSKEYS, AUTHENTICATED, Caller::from, passkeys.mine()::list);
    add(PUT, "/_me/passkeys/:id", AUTH, Action.RENAME_PASSKEY, AUTHENTICATED, PasskeyRequest::from, passkeys.mine()::rename);
    add(DELETE, "/_me/passkeys/:id", AUTH, Action.REMOVE_PASSKEY, AUTHENTICATED, PasskeyRequest::from, passkeys.mine()::remove);
  }

  /** A route whose operation reads the request record {@code request} builds. */
  private <R> void add(HttpMethod method, String path, String controller, Action action, Access access,
                       Function<ApiRequest, R> request, Function<R, Future<Reply>> operation) {
    Operation limited = limits.guard(action, apiRequest -> operation.apply(request.apply(apiRequest)));
    Operation bound = apiRequest -> limited.handle(apiRequest)
      .onSuccess(reply -> outcomes.countThrottled(action.wireName(), reply));
    // logins are counted by outcome (success, refusal, overload), the figure an operator watches at a fair's opening
    routes.add(new Route(method, path, controller, action.wireName(), access, action == Action.LOGIN
      ? apiRequest -> bound.handle(apiRequest).map(reply -> outcomes.countLogin(apiRequest, reply))
      : bound));
  }

  /** A route whose operation needs nothing from the request. */
  private void add(HttpMethod method, String path, String controller, Action action, Access access,
                   Supplier<Future<Reply>> operation) {
    add(method, path, controller, action, access, apiRequest -> null, nothing -> operation.get());
  }

  /** A plugin operation: its business result becomes the reply, counted by action, statusCode and synthetic or not. */
  private <R> void plugin(HttpMethod method, String path, String controller, Action action, Access access,
                          Function<ApiRequest, R> request, Function<R, Future<Result>> operation) {
    add(method, path, controller, action, access, apiRequest -> apiRequest,
      apiRequest -> operation.apply(request.apply(apiRequest)).map(result -> outcomes.count(action.wireName(), apiRequest, result)));
  }

  /** A plugin operation that may also answer an envelope-level error (the lockout's 429); its results are counted. */
  private <R> void pluginOrError(HttpMethod method, String path, String controller, Action action, Access access,
                                 Function<ApiRequest, R> request, Function<R, Future<Reply>> operation) {
    add(method, path, controller, action, access, apiRequest -> apiRequest,
      apiRequest -> operation.apply(request.apply(apiRequest)).map(reply -> outcomes.countReply(action.wireName(), apiRequest, reply)));
  }

  private void plugin(HttpMethod method, String path, String controller, Action action, Access access,
                      Supplier<Future<Result>> operation) {
    plugin(method, path, controller, action, access, apiRequest -> null, nothing -> operation.get());
  }
}
