package io.lanyard.signin;

import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.signin.tokens.Expiry;

import java.util.Optional;

/**
 * {@code POST /_login/{strategy}?expiresIn}: the strategy, the lifetime asked for, and the credentials as sent (checked by
 * Login; {@code credential} is a passkey's assertion); the origin for the audit trail; the device marker the client sent back ({@code X-Lanyard-Device}), if any.
 */
public record LoginRequest(String strategy, Object expiresIn, Object username, Object password, Object credential,
                           RequestOrigin origin, Optional<String> deviceMarker) {

  public static LoginRequest from(ApiRequest request) {
    return new LoginRequest(request.pathParams().get("strategy"), request.argument(Expiry.ARGUMENT),
      request.body().getValue("username"), request.body().getValue("password"), request.body().getValue("credential"),
      request.origin(), request.deviceMarker());
  }
}
