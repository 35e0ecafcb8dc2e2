package io.lanyard.selfservice.privacy;

import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.Caller;
import io.lanyard.model.api.RequestOrigin;

/** {@code POST /_plugin/{P}/user/deleteAccount} (Bearer): who asks, and the current password as sent. */
public record DeleteAccountRequest(Caller caller, Object currentPassword, RequestOrigin origin) {

  public static DeleteAccountRequest from(ApiRequest request) {
    return new DeleteAccountRequest(request.requireCaller(), request.body().getValue("currentPassword"), request.origin());
  }
}
