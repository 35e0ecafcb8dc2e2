package io.lanyard.selfservice.emailchange;

import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.RequestOrigin;

import java.util.Optional;

/** {@code POST /_plugin/{P}/user/confirmEmailChange}: the link token as sent (anything but a plausible token is 191). */
public record ConfirmEmailChangeRequest(Object token, RequestOrigin origin) {

  /** Link tokens are 43 characters; anything much longer is not one, and is refused without a lookup. */
  static final int MAX_TOKEN_LENGTH = 128;

  public static ConfirmEmailChangeRequest from(ApiRequest request) {
    return new ConfirmEmailChangeRequest(request.body().getValue("token"), request.origin());
  }

  /** The token when it can be a link token. */
  Optional<String> plausibleToken() {
    return token instanceof String text && !text.isBlank() && text.length() <= MAX_TOKEN_LENGTH
      ? Optional.of(text.trim()) : Optional.empty();
  }
}
