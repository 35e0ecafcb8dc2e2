package io.lanyard.signin.oidc;

/**
 * The OpenID Connect provider's operations, built by {@link OidcWiring} and mounted by the HTTP layer: its JSON endpoints
 * and the hosted pages of sign-in, consent and logout.
 *
 * @param issuer {@code http.publicUrl}: the base of every endpoint's public address
 * @param configuration the discovery document, as JSON
 * @param keySet the public keys of ID tokens (JWK Set JSON)
 */
public record OidcProvider(String issuer, String configuration, String keySet, AuthorizationRequests requests,
                           Authorize authorize, SignIn signIn, SsoSessions sessions, SignInProofs proofs,
                           TokenEndpoint token, UserInfo userInfo, Revocation revocation, Introspection introspection,
                           EndSession endSession, MyConsents consents, SignupReturns signups) {

  /** The name of the browser's SSO session cookie. */
  public static final String SESSION_COOKIE = "lanyard-sso";
}
