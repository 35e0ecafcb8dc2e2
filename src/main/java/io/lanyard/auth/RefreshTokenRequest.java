package io.lanyard.auth;

import io.lanyard.api.ApiRequest;
import io.lanyard.api.Caller;

/** {@code POST /_refreshToken?expiresIn}: who asks, and the lifetime asked for the new token. */
public record RefreshTokenRequest(Caller caller, Object expiresIn) {

  public static RefreshTokenRequest from(ApiRequest request) {
    return new RefreshTokenRequest(request.requireCaller(), request.argument(Expiry.ARGUMENT));
  }
}
