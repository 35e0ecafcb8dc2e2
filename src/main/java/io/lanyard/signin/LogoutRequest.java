package io.lanyard.signin;

import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.Caller;

import java.util.Optional;

/** {@code POST /_logout?global}: who asks, and whether every session ends; {@code global} is empty when it is not a boolean. */
public record LogoutRequest(Caller caller, Optional<Boolean> global) {

  public static LogoutRequest from(ApiRequest request) {
    return new LogoutRequest(request.requireCaller(), request.flag("global"));
  }
}
