package io.lanyard.partners;

import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.services.events.EventType;
import io.lanyard.services.events.UserEvent;
import io.lanyard.services.events.UserEvents;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;

import java.util.Optional;

import static io.lanyard.model.api.StatusCode.UPDATE_WRITE_FAILED;

/**
 * POST /_plugin/{P}/thirdParty/updateUser (Bearer): 0 | 149 | 140 | 181 (a present token first) | 137 | 190 | 139 |
 * internal 138, 171, 173.
 * Writes all the fields of the update or none, in one statement that finds the account too (one round trip); when a webhook
 * subscription wants {@code user.profile_updated}, that statement and the event share a transaction.
 */
public record UpdateUser(Pool pool, ThirdPartyAccess access, AccountRepository accounts, UserEvents events) {

  public Future<Result> handle(ThirdPartyRequest update) {
    // the application token first: without a good one, the body's other fields are neither checked nor described
    if (update.appToken() == null && update.refusal().isPresent()) {
      return Future.succeededFuture(update.refusal().get());
    }
    return access.reach(update)
      .compose(reach -> reach.isRefused() ? Future.succeededFuture(Result.of(reach.refusal()))
        : update.refusal().isPresent() ? Future.succeededFuture(update.refusal().get())
        : write(update, reach)
          .recover(StepFailure.as(UPDATE_WRITE_FAILED))
          .map(written -> written.isPresent() ? Result.success() : access.outOfReach(update, reach)))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.UPDATE_UNEXPECTED));
  }

  private Future<Optional<String>> write(ThirdPartyRequest update, ThirdPartyAccess.Reach reach) {
    return events.isWanted(EventType.USER_PROFILE_UPDATED).compose(wanted -> wanted
      ? pool.withTransaction(tx -> merge(tx, update, reach).compose(written -> written.isEmpty() ? Future.succeededFuture(written)
        : events.record(tx, UserEvent.profileUpdated(written.get(), reach.application().id(), update.change().fieldNames()))
          .map(written)))
      : merge(pool, update, reach));
  }

  private Future<Optional<String>> merge(SqlClient client, ThirdPartyRequest update, ThirdPartyAccess.Reach reach) {
    return accounts.mergeProfile(client, update.email(), reach.onlyUserId(), update.change());
  }
}
