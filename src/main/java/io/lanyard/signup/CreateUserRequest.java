package io.lanyard.signup;

import io.lanyard.model.accounts.Emails;
import io.lanyard.model.accounts.FairNames;
import io.lanyard.model.accounts.Languages;
import io.lanyard.model.accounts.NewUser;
import io.lanyard.model.accounts.UserStatus;
import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.RequestFields;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.passwords.Passwords;
import io.lanyard.services.idempotency.Idempotency;
import io.vertx.core.json.JsonObject;

import java.util.Optional;
import java.util.Set;

/**
 * The body of both creation routes: {@code email, fromSalon, fromSessionSalon, language, fromThirdParty}, plus {@code password}
 * and {@code isSendingEmailAllowed} with a password, and {@code captchaToken} when a CAPTCHA is configured (checked by the
 * operation: the body alone cannot tell whether one is needed). The e-mail comes out normalised; {@code fromSalon} and
 * {@code fromSessionSalon} are slugs ({@link FairNames}).
 *
 * @param captchaToken the body's {@code captchaToken} as sent (null when absent)
 * @param refusal the reply when the body is unusable (131 missing, 190 invalid); the other fields are then not to be read
 * @param origin where the request came from, for the audit trail
 * @param idempotency the request's {@code Idempotency-Key}, if any, and the fingerprint of the body (its password left out)
 */
public record CreateUserRequest(String email, String fromSalon, String fromSessionSalon, String language,
                                String fromThirdParty, String password, boolean isSendingEmailAllowed, Object captchaToken,
                                Optional<Result> refusal, RequestOrigin origin, Idempotency idempotency) {

  /**
   * Left out of the fingerprint of an {@code Idempotency-Key}: the password, never kept; the CAPTCHA's answer, which is
   * single-use, so a retry of the same request carries a new one.
   */
  private static final Set<String> SECRET_FIELDS = Set.of("password", "captchaToken");

  /** {@code POST /_plugin/{P}/user/createWithPassword}. */
  public static CreateUserRequest withPassword(ApiRequest request) {
    return parse(request.body(), true, request.origin(),
      Idempotency.of(request.idempotencyKey(), "createUserWithPassword", request.body(), SECRET_FIELDS));
  }

  /** {@code POST /_plugin/{P}/user/create}. */
  public static CreateUserRequest byLink(ApiRequest request) {
    return parse(request.body(), false, request.origin(),
      Idempotency.of(request.idempotencyKey(), "createUser", request.body(), SECRET_FIELDS));
  }

  /**
   * A hosted page's request for an account by link (the login page's "create an account"): the fields the page decided (the
   * address typed, the client's fair, the page's language, the CAPTCHA's answer) checked as the route checks them; no
   * {@code Idempotency-Key}, and the application named by its id where the route has its token (never read as one: the
   * page's admission takes the application itself).
   */
  public static CreateUserRequest fromPage(String email, String fair, String language, String captchaToken,
                                           String applicationId, RequestOrigin origin) {
    JsonObject body = new JsonObject().put("email", email).put("fromSalon", fair).put("fromSessionSalon", fair)
      .put("language", language).put("fromThirdParty", applicationId).put("captchaToken", captchaToken);
    return parse(body, false, origin, Idempotency.none());
  }

  private static CreateUserRequest parse(JsonObject body, boolean withPassword, RequestOrigin origin,
                                         Idempotency idempotency) {
    RequestFields fields = new RequestFields(body);
    String rawEmail = fields.string("email", Emails.MAX_LENGTH);
    String fromSalon = fields.string("fromSalon");
    String fromSessionSalon = fields.string("fromSessionSalon");
    String language = fields.string("language");
    String fromThirdParty = fields.string("fromThirdParty");
    String password = withPassword ? fields.rawString("password") : null;
    Boolean sendingAllowed = withPassword ? fields.bool("isSendingEmailAllowed") : Boolean.FALSE;

    String email = rawEmail == null ? null : Emails.normalise(rawEmail);
    fields.check("email", email, email != null && Emails.isValid(email), "invalid_email");
    fields.check("fromSalon", fromSalon, fromSalon != null && FairNames.isSlug(fromSalon), FairNames.INVALID_SLUG);
    fields.check("fromSessionSalon", fromSessionSalon, fromSessionSalon != null && FairNames.isSlug(fromSessionSalon),
      FairNames.INVALID_SLUG);
    fields.check("language", language, Languages.isSupported(language), "unsupported_language");
    if (password != null) {
      Optional<String> problem = Passwords.problem(password);
      fields.check("password", password, problem.isEmpty(), problem.orElse(null));
    }
    return new CreateUserRequest(email, fromSalon, fromSessionSalon, language, fromThirdParty, password,
      Boolean.TRUE.equals(sendingAllowed), body.getValue("captchaToken"), fields.refusal(StatusCode.CREATE_MISSING_FIELD),
      origin, idempotency);
  }

  /** The account this request creates for {@code applicationId}: active with a hash, else pending. */
  public NewUser toNewUser(Optional<String> passwordHash, String applicationId) {
    return new NewUser(email, passwordHash, passwordHash.isPresent() ? UserStatus.ACTIVE : UserStatus.PENDING, language,
      Optional.of(fromSalon), Optional.of(fromSessionSalon), Optional.of(applicationId));
  }
}
