package io.lanyard.thirdparty;

import io.lanyard.api.ApiRequest;
import io.lanyard.api.Result;
import io.lanyard.api.StatusCode;
import io.lanyard.api.StepFailure;
import io.lanyard.user.Account;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

/**
 * POST /_plugin/{P}/thirdParty/getUser (Bearer): 0 with {@code data: {profileData, status}} | 137 | 190 | 149 | 140 | 181 | 139 |
 * internal 138, 171, 172.
 */
public final class GetUser {

  private final ThirdPartyAccess access;

  public GetUser(ThirdPartyAccess access) {
    this.access = access;
  }

  public Future<Result> handle(ApiRequest request) {
    ThirdPartyRequest.Parsed parsed = ThirdPartyRequest.forRead(request.body());
    if (parsed.refusal() != null) {
      return Future.succeededFuture(parsed.refusal());
    }
    ThirdPartyRequest read = parsed.request();
    return access.resolve(request.requireCaller(), read.appToken(), read.email())
      .map(grant -> grant.isGranted() ? Result.success(toData(grant.user())) : Result.of(grant.refusal()))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.UPDATE_UNEXPECTED, "getUserForThirdParty"));
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
