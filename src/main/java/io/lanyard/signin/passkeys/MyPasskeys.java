package io.lanyard.signin.passkeys;

import io.lanyard.model.api.Caller;
import io.lanyard.model.api.Reply;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.model.passkeys.PasskeyRepository;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;

import java.util.Optional;

/**
 * {@code GET /_me/passkeys}: the caller's passkeys. {@code PUT /_me/passkeys/:id}: one renamed | 400 bad id or name | 404.
 * {@code DELETE /_me/passkeys/:id}: one removed | 400 bad id | 404. A person sees and changes only their own.
 */
public record MyPasskeys(Pool pool, PasskeyRepository passkeys, AuditTrail audit) {

  public Future<Reply> list(Caller caller) {
    return passkeys.list(pool, caller.userId()).map(found -> {
      JsonArray hits = new JsonArray();
      found.forEach(passkey -> hits.add(passkey.toJson()));
      return Reply.ok(new JsonObject().put("hits", hits).put("total", found.size()));
    });
  }

  public Future<Reply> rename(PasskeyRequest request) {
    Optional<byte[]> id = request.credentialId();
    if (id.isEmpty()) {
      return PasskeyReplies.invalidArgument("id");
    }
    Optional<String> name = request.validName();
    if (name.isEmpty()) {
      return PasskeyReplies.invalidArgument("name");
    }
    return passkeys.rename(pool, request.caller().userId(), id.get(), name.get()).compose(renamed -> renamed.isEmpty()
      ? PasskeyReplies.notFound()
      : Future.succeededFuture(Reply.ok(renamed.get().toJson())));
  }

  public Future<Reply> remove(PasskeyRequest request) {
    Optional<byte[]> id = request.credentialId();
    if (id.isEmpty()) {
      return PasskeyReplies.invalidArgument("id");
    }
    String userId = request.caller().userId();
    return passkeys.remove(pool, userId, id.get()).compose(removed -> {
      if (!removed) {
        return PasskeyReplies.notFound();
      }
      audit.record(AuditEvent.of(AuditKind.PASSKEY_REMOVED, request.origin()).withUser(userId));
      return Future.succeededFuture(Reply.ok(new JsonObject().put("_id", request.id())));
    });
  }
}
