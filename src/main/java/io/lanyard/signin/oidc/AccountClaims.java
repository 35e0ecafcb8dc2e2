package io.lanyard.signin.oidc;

import io.vertx.core.json.JsonObject;

import java.util.List;

/**
 * The claims of an account that each scope gives a client (OpenID Connect Core §5.4): {@code email} gives {@code email} and
 * {@code email_verified}; {@code profile} gives {@code given_name}, {@code family_name} and {@code locale} when the account
 * has them. The ID token and userinfo say the same.
 */
final class AccountClaims {

  private AccountClaims() {
  }

  static JsonObject of(ClaimsRepository.AccountClaims account, List<String> scopes) {
    JsonObject claims = new JsonObject();
    if (scopes.contains(Scopes.EMAIL)) {
      claims.put("email", account.email()).put("email_verified", account.emailVerified());
    }
    if (scopes.contains(Scopes.PROFILE)) {
      account.givenName().ifPresent(name -> claims.put("given_name", name));
      account.familyName().ifPresent(name -> claims.put("family_name", name));
      account.language().map(AccountClaims::locale).ifPresent(locale -> claims.put("locale", locale));
    }
    return claims;
  }

  /** BCP 47 for the account's language ({@code fre-FR} → {@code fr-FR}). */
  static String locale(String language) {
    return switch (language) {
      case "fre-FR" -> "fr-FR";
      case "eng-GB" -> "en-GB";
      default -> language;
    };
  }
}
