package io.lanyard.signin;

import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Reply;
import io.lanyard.signin.tokens.Authenticator;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

/**
 * POST /_checkToken {token}: always 200, {@code {valid: true, expiresAt, kuid}} or {@code {valid: false, state}}, where state is
 * the 401 message the token would get (a revoked token is not valid). No token is not valid either.
 */
public final class CheckToken {

  private final Authenticator authenticator;

  public CheckToken(Authenticator authenticator) {
    this.authenticator = authenticator;
  }

  public Future<Reply> handle(CheckTokenRequest request) {
    if (!(request.token() instanceof String jwt) || jwt.isEmpty()) {
      return Future.succeededFuture(invalid(ApiError.JWT_ERROR));
    }
    return authenticator.check(jwt).map(check -> check.isValid()
      ? Reply.ok(new JsonObject()
          .put("valid", true)
          .put("expiresAt", check.caller().expiresAt())
          .put("kuid", check.caller().userId()))
      : invalid(check.refusal().message()));
  }

  private static Reply invalid(String state) {
    return Reply.ok(new JsonObject().put("valid", false).put("state", state));
  }
}
