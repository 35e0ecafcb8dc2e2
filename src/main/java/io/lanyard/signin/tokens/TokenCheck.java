package io.lanyard.signin.tokens;

import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Caller;

/** The verdict on a bearer token: the caller it identifies, or the 401 to answer with. */
public record TokenCheck(Caller caller, ApiError refusal) {

  static TokenCheck valid(Caller caller) {
    return new TokenCheck(caller, null);
  }

  static TokenCheck refused(ApiError refusal) {
    return new TokenCheck(null, refusal);
  }

  public boolean isValid() {
    return caller != null;
  }
}
