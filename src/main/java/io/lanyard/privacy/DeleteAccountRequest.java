package io.lanyard.privacy;

import io.lanyard.api.ApiRequest;
import io.lanyard.api.Caller;
import io.lanyard.api.RequestOrigin;

/** {@code POST /_plugin/{P}/user/deleteAccount} (Bearer): who asks, and the current password as sent. */
public record DeleteAccountRequest(Caller caller, Object currentPassword, RequestOrigin origin) {

  public static DeleteAccountRequest from(ApiRequest request) {
    return new DeleteAccountRequest(request.requireCaller(), request.body().getValue("currentPassword"), request.origin());
  }
}
