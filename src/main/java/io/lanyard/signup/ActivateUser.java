package io.lanyard.signup;

import io.lanyard.model.passwords.PasswordByLink;
import io.lanyard.model.accounts.AccountLinkRepository;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.model.passwords.PasswordHasher;
import io.lanyard.platform.support.SecretTokens;
import io.lanyard.services.events.UserEvent;
import io.lanyard.services.events.UserEvents;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;

import static io.lanyard.model.api.StatusCode.CREATE_HASHING_FAILED;
import static io.lanyard.model.api.StatusCode.CREATE_LINK_TOKEN_FAILED;
import static io.lanyard.model.api.StatusCode.CREATE_USER_INSERT_FAILED;

/**
 * POST /_plugin/{P}/user/activate {token, password}: 0 with {@code data._id} | 131 | 190 | 191 | internal 1, 133, 134, 161.
 * Sets the password of the account the link was made for, makes it active, and uses the link up with every other link of
 * the account (a pending account may hold three), so none of them works afterwards.
 */
public record ActivateUser(Pool pool, AccountLinkRepository links, UserRepository users, PasswordHasher hasher, UserEvents events) {

  public Future<Result> handle(PasswordByLink request) {
    if (request.refusal().isPresent()) {
      return Future.succeededFuture(request.refusal().get());
    }
    String password = request.password();
    byte[] tokenHash = SecretTokens.sha256(request.token());
    // Checked before the bcrypt work, so a stream of made-up tokens costs a lookup each, not a hash.
    return links.findUsable(pool, tokenHash)
      .recover(StepFailure.as(CREATE_LINK_TOKEN_FAILED))
      .compose(owner -> owner.isEmpty()
        ? Future.succeededFuture(Result.of(StatusCode.LINK_TOKEN_INVALID))
        : hasher.hash(password, request.origin().source())
          .recover(StepFailure.as(CREATE_HASHING_FAILED))
          .compose(hash -> activate(tokenHash, hash))
          .map(result -> result.aboutSyntheticAccount(owner.get().synthetic())))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.CREATE_UNEXPECTED));
  }

  /** Consuming the link decides between concurrent activations; a link that is used meanwhile gives 191. */
  private Future<Result> activate(byte[] tokenHash, String passwordHash) {
    return pool.withTransaction(tx -> links.consume(tx, tokenHash)
      .recover(StepFailure.as(CREATE_LINK_TOKEN_FAILED))
      .compose(userId -> userId.isEmpty()
        ? Future.succeededFuture(Result.of(StatusCode.LINK_TOKEN_INVALID))
        : users.activate(tx, userId.get(), passwordHash)
          .compose(activated -> activated ? events.record(tx, UserEvent.activated(userId.get())).map(true)
            : Future.succeededFuture(false))
          .recover(StepFailure.as(CREATE_USER_INSERT_FAILED))
          .compose(activated -> activated
            ? Future.succeededFuture(Result.success(new JsonObject().put("_id", userId.get())))
            // the account stopped being pending (disabled meanwhile): undo the consumption, refuse the link
            : Future.failedFuture(new LinkNoLongerUsable()))))
      .recover(failure -> failure instanceof LinkNoLongerUsable
        ? Future.succeededFuture(Result.of(StatusCode.LINK_TOKEN_INVALID))
        : Future.failedFuture(failure));
  }

  /** Rolls the transaction back when the account behind a link is no longer pending. */
  private static final class LinkNoLongerUsable extends RuntimeException {

    LinkNoLongerUsable() {
      super("account no longer pending", null, false, false);
    }
  }
}
