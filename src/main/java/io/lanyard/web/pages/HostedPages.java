package io.lanyard.web.pages;

import java.util.Optional;

/**
 * Every hosted page the service serves under {@code /account/}, built by the bootstrap and mounted by the HTTP layer.
 *
 * @param oidc the OpenID Connect provider's pages and browser endpoints, when the provider is on
 */
public record HostedPages(PageTemplates templates, CommonPages common, PasswordLinkPages activation, PasswordLinkPages reset,
                          ForgotPasswordPages forgot, EmailConfirmPages email, Optional<OidcPages> oidc) {

  /**
   * The provider's: the authorization endpoint and login page, the consent page, the end-session endpoint and its page, and
   * "create an account" from the login page (with its way back, which the activation page follows), and the signed-in
   * person's passkeys when passkeys are on.
   */
  public record OidcPages(AuthorizePages authorize, ConsentPages consent, LogoutPages logout, SignupPages signup,
                          SignupReturnPages returns, Optional<PasskeyPages> passkeys) {
  }
}
