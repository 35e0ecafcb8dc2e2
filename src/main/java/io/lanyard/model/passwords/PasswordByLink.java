package io.lanyard.model.passwords;

import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.RequestFields;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;

import java.util.Optional;

/**
 * A password chosen through an e-mailed link: {@code POST /_plugin/{P}/user/activate} (an account link) and
 * {@code /user/resetPassword} (a reset link) read the same body, the link token and the password.
 *
 * @param refusal the reply when the body is unusable (131, 190; 191 for a token that cannot be a link token)
 * @param origin where the request came from: its source's share of the hash queue
 */
public record PasswordByLink(String token, String password, Optional<Result> refusal, RequestOrigin origin) {

  /** Link tokens are 43 characters; anything much longer is not one, and is refused without a lookup. */
  private static final int MAX_TOKEN_LENGTH = 128;

  public static PasswordByLink from(ApiRequest request) {
    RequestFields fields = new RequestFields(request.body());
    String token = fields.string("token", MAX_TOKEN_LENGTH);
    String password = fields.rawString("password");
    if (password != null) {
      Optional<String> problem = Passwords.problem(password);
      fields.check("password", password, problem.isEmpty(), problem.orElse(null));
    }
    Optional<Result> refusal = fields.refusal(StatusCode.CREATE_MISSING_FIELD);
    if (refusal.isPresent() && refusal.get().status() == StatusCode.INVALID_FIELD && token == null) {
      // a token that is not a string, or longer than any link token, is no link token: the link's reply, not a field's
      refusal = Optional.of(Result.of(StatusCode.LINK_TOKEN_INVALID));
    }
    return new PasswordByLink(token, password, refusal, request.origin());
  }
}
