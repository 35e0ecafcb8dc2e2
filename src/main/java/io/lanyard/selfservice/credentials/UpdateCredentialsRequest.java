package io.lanyard.selfservice.credentials;

import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.Caller;
import io.lanyard.model.api.RequestOrigin;

/**
 * {@code PUT /credentials/{strategy}/_me/_update} (Kuzzle's auth:updateMyCredentials): who asks, the strategy, and the body's
 * {@code password} (the new one) and {@code currentPassword}, as sent.
 */
public record UpdateCredentialsRequest(Caller caller, String strategy, Object password, Object currentPassword,
                                       RequestOrigin origin) {

  public static UpdateCredentialsRequest from(ApiRequest request) {
    return new UpdateCredentialsRequest(request.requireCaller(), request.pathParams().get("strategy"),
      request.body().getValue("password"), request.body().getValue("currentPassword"), request.origin());
  }
}
