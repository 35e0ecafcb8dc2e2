package io.lanyard.signin;

import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.Caller;
import io.lanyard.signin.tokens.Expiry;

/** {@code POST /_refreshToken?expiresIn}: who asks, and the lifetime asked for the new token. */
public record RefreshTokenRequest(Caller caller, Object expiresIn) {

  public static RefreshTokenRequest from(ApiRequest request) {
    return new RefreshTokenRequest(request.requireCaller(), request.argument(Expiry.ARGUMENT));
  }
}
