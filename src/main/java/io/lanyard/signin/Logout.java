package io.lanyard.signin;

import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Caller;
import io.lanyard.model.api.Reply;
import io.lanyard.services.session.Sessions;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

import java.util.Optional;

/**
 * POST /_logout[?global=true]: {@code {acknowledged: true}} | 400 bad {@code global}. From now on, on every instance, the
 * caller's token is refused; with {@code global}, every token of the caller issued until now.
 */
public final class Logout {

  private final Sessions sessions;

  public Logout(Sessions sessions) {
    this.sessions = sessions;
  }

  public Future<Reply> handle(LogoutRequest request) {
    Optional<Boolean> global = request.global();
    if (global.isEmpty()) {
      return Future.succeededFuture(Reply.error(ApiError.invalidArgument("global")));
    }
    Caller caller = request.caller();
    Future<Void> ended = global.get() ? sessions.endAll(caller.userId(), System.currentTimeMillis()) : sessions.end(caller);
    return ended.map(done -> Reply.ok(new JsonObject().put("acknowledged", true)));
  }
}
