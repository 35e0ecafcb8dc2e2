package io.lanyard.user;

import io.lanyard.accounts.Emails;
import io.lanyard.accounts.Languages;
import io.lanyard.accounts.NewUser;
import io.lanyard.accounts.UserStatus;
import io.lanyard.api.RequestFields;
import io.lanyard.api.Result;
import io.lanyard.api.StatusCode;
import io.lanyard.passwords.Passwords;
import io.vertx.core.json.JsonObject;

import java.util.Optional;

/**
 * The body of both creation routes: {@code email, fromSalon, fromSessionSalon, language, fromThirdParty}, plus {@code password}
 * and {@code isSendingEmailAllowed} with a password. The e-mail comes out normalised.
 */
public record CreateUserRequest(String email, String fromSalon, String fromSessionSalon, String language,
                                String fromThirdParty, String password, boolean isSendingEmailAllowed) {

  /** A request, or the refusal to answer with (131 missing, 190 invalid). */
  public record Parsed(CreateUserRequest request, Result refusal) {
  }

  public static Parsed parse(JsonObject body, boolean withPassword) {
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
    fields.check("language", language, Languages.isSupported(language), "unsupported_language");
    if (password != null) {
      Optional<String> problem = Passwords.problem(password);
      fields.check("password", password, problem.isEmpty(), problem.orElse(null));
    }

    Optional<Result> refusal = fields.refusal(StatusCode.CREATE_MISSING_FIELD);
    return refusal.map(result -> new Parsed(null, result)).orElseGet(() -> new Parsed(
      new CreateUserRequest(email, fromSalon, fromSessionSalon, language, fromThirdParty, password, sendingAllowed), null));
  }

  /** The account this request creates for {@code applicationId}: active with a hash, else pending. */
  public NewUser toNewUser(Optional<String> passwordHash, String applicationId) {
    return new NewUser(email, passwordHash, passwordHash.isPresent() ? UserStatus.ACTIVE : UserStatus.PENDING, language,
      Optional.of(fromSalon), Optional.of(fromSessionSalon), Optional.of(applicationId));
  }
}
