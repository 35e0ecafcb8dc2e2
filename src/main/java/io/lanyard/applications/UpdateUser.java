package io.lanyard.applications;

import io.lanyard.accounts.AccountRepository;
import io.lanyard.api.Result;
import io.lanyard.api.StatusCode;
import io.lanyard.api.StepFailure;
import io.lanyard.db.PipelinedReads;
import io.vertx.core.Future;

import static io.lanyard.api.StatusCode.UPDATE_WRITE_FAILED;

/**
 * POST /_plugin/{P}/thirdParty/updateUser (Bearer): 0 | 137 | 190 | 149 | 140 | 181 | 139 | internal 138, 171, 173.
 * Writes all the fields of the update or none, in one statement that finds the account too (one round trip).
 */
public final class UpdateUser {

  private final PipelinedReads reads;
  private final ThirdPartyAccess access;
  private final AccountRepository accounts;

  public UpdateUser(PipelinedReads reads, ThirdPartyAccess access, AccountRepository accounts) {
    this.reads = reads;
    this.access = access;
    this.accounts = accounts;
  }

  public Future<Result> handle(ThirdPartyRequest update) {
    if (update.refusal().isPresent()) {
      return Future.succeededFuture(update.refusal().get());
    }
    return access.reach(update.caller(), update.appToken())
      .compose(reach -> reach.isRefused()
        ? Future.succeededFuture(Result.of(reach.refusal()))
        : accounts.mergeProfile(reads.client(), update.email(), reach.onlyUserId(), update.change())
          .recover(StepFailure.as(UPDATE_WRITE_FAILED))
          .map(written -> written.isPresent() ? Result.success() : Result.of(reach.outOfReach())))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.UPDATE_UNEXPECTED));
  }
}
