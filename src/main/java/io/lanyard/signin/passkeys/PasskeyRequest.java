package io.lanyard.signin.passkeys;

import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.Caller;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.platform.support.Blanks;
import io.vertx.core.json.JsonObject;

import java.util.Base64;
import java.util.Optional;

/**
 * A request of a signed-in person about their passkeys: the passkey named in the path ({@code :id}, base64url), the name and
 * the credential in the body, each as sent and read by the methods below.
 */
public record PasskeyRequest(Caller caller, String id, Object name, Object credential, RequestOrigin origin) {

  static final int MAX_NAME_LENGTH = 64;
  static final String DEFAULT_NAME = "Passkey";
  private static final int MAX_ID_LENGTH = 1400;

  public static PasskeyRequest from(ApiRequest request) {
    return new PasskeyRequest(request.requireCaller(), request.pathParams().get("id"), request.body().getValue("name"),
      request.body().getValue("credential"), request.origin());
  }

  /** The credential id of the path; empty when it is not base64url. */
  Optional<byte[]> credentialId() {
    if (id == null || id.isEmpty() || id.length() > MAX_ID_LENGTH) {
      return Optional.empty();
    }
    try {
      return Optional.of(Base64.getUrlDecoder().decode(id));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** The name asked for, trimmed: 1 to 64 characters, no control character; empty when invalid. */
  Optional<String> validName() {
    if (!(name instanceof String text)) {
      return Optional.empty();
    }
    String trimmed = Blanks.trim(text);
    boolean printable = trimmed.codePoints().noneMatch(Character::isISOControl);
    return trimmed.isEmpty() || trimmed.length() > MAX_NAME_LENGTH || !printable ? Optional.empty() : Optional.of(trimmed);
  }

  /** The credential as the browser's {@code toJSON()} wrote it, an object; empty when it is anything else. */
  Optional<String> credentialJson() {
    return credential instanceof JsonObject object ? Optional.of(object.encode()) : Optional.empty();
  }
}
