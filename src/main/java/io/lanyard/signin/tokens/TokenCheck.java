package io.lanyard.signin.tokens;

import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Caller;

import java.util.Optional;

/**
 * The verdict on a bearer token: the caller it identifies, or the 401 to answer with.
 *
 * @param client the client and scopes of an OpenID Connect client's access token; empty for a login's token
 */
public record TokenCheck(Caller caller, ApiError refusal, Optional<ClientAccess> client) {

  static TokenCheck valid(Caller caller, Optional<ClientAccess> client) {
    return new TokenCheck(caller, null, client);
  }

  static TokenCheck refused(ApiError refusal) {
    return new TokenCheck(null, refusal, Optional.empty());
  }

  public boolean isValid() {
    return caller != null;
  }
}
