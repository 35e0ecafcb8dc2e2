package io.lanyard.partners;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.platform.db.PipelinedReads;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

import static io.lanyard.model.api.StatusCode.UPDATE_USER_LOOKUP_FAILED;

/**
 * POST /_plugin/{P}/thirdParty/getUser (Bearer): 0 with {@code data: {profileData, status}} | 149 | 140 | 181 (a present token first) | 137 | 190 | 139 |
 * internal 138, 171, 172.
 */
public record GetUser(PipelinedReads reads, ThirdPartyAccess access, AccountRepository accounts) {

  public Future<Result> handle(ThirdPartyRequest read) {
    // the application token first: without a good one, the body's other fields are neither checked nor described
    if (read.appToken() == null && read.refusal().isPresent()) {
      return Future.succeededFuture(read.refusal().get());
    }
    return access.reach(read)
      .compose(reach -> reach.isRefused() ? Future.succeededFuture(Result.of(reach.refusal()))
        : read.refusal().isPresent() ? Future.succeededFuture(read.refusal().get())
        : accounts.findByEmail(reads.client(), read.email())
          .recover(StepFailure.as(UPDATE_USER_LOOKUP_FAILED))
          .map(user -> user.filter(reach::includes).map(found -> Result.success(toData(found)))
            .orElseGet(() -> access.outOfReach(read, reach))))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.UPDATE_UNEXPECTED));
  }

  /** The stored profile fields (read-only ones included), the account language, and the account state. */
  private static JsonObject toData(Account user) {
    JsonObject profileData = user.profile().copy();
    if (user.language() != null) {
      profileData.put("language", user.language());
    }
    return new JsonObject().put("profileData", profileData).put("status", user.status().wireName());
  }
}
