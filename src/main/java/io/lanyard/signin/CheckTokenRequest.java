package io.lanyard.signin;

import io.lanyard.model.api.ApiRequest;

/** {@code POST /_checkToken}: the token to check, as sent (any JSON value). */
public record CheckTokenRequest(Object token) {

  public static CheckTokenRequest from(ApiRequest request) {
    return new CheckTokenRequest(request.body().getValue("token"));
  }
}
