package io.lanyard.signin.passkeys;

import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Reply;
import io.vertx.core.Future;

/** The refusals of the passkey routes, named once (docs/api.md#passkeys). */
final class PasskeyReplies {

  static final String MALFORMED = "security.passkey.malformed";
  static final String CHALLENGE_INVALID = "security.passkey.challenge_invalid";
  static final String REGISTRATION_REFUSED = "security.passkey.registration_refused";
  static final String NOT_ADDED = "security.passkey.not_added";
  static final String NOT_FOUND = "security.passkey.not_found";

  private PasskeyReplies() {
  }

  static Future<Reply> malformed() {
    return refuse(ApiError.badRequest("Malformed passkey credential", MALFORMED));
  }

  static Future<Reply> registrationChallengeInvalid() {
    return refuse(ApiError.badRequest("Unknown, used or expired passkey challenge", CHALLENGE_INVALID));
  }

  static Future<Reply> signInChallengeInvalid() {
    return refuse(ApiError.unauthorized("Unknown, used or expired passkey challenge", CHALLENGE_INVALID));
  }

  /** Every other refusal of a sign-in: which check failed is for the audit trail, not for whoever is trying. */
  static Future<Reply> signInRefused() {
    return refuse(ApiError.unauthorized("Invalid passkey", "security.credentials.invalid"));
  }

  static Future<Reply> registrationRefused() {
    return refuse(ApiError.badRequest("The passkey could not be verified", REGISTRATION_REFUSED));
  }

  static Future<Reply> notAdded() {
    return refuse(ApiError.badRequest("This passkey is already registered, or the account holds the most it may", NOT_ADDED));
  }

  static Future<Reply> notFound() {
    return refuse(new ApiError(404, "NotFound", "No such passkey", NOT_FOUND));
  }

  static Future<Reply> invalidArgument(String name) {
    return refuse(ApiError.invalidArgument(name));
  }

  private static Future<Reply> refuse(ApiError error) {
    return Future.succeededFuture(Reply.error(error));
  }
}
