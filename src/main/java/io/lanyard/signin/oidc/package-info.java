/**
 * The OpenID Connect provider (docs/decisions.md §13): discovery and keys, clients, the authorization endpoint's decisions,
 * the hosted login's password check and the SSO session, codes, the token endpoint (codes with PKCE, refresh tokens rotated
 * with reuse detection), ID tokens, userinfo, revocation, introspection and RP-initiated logout. Part of the sign-in wing:
 * it issues the API's access tokens through {@code signin.tokens} and counts them among the account's sessions
 * ({@code services.session}), so every cut-off ends them. The HTTP mapping is {@code web.oidc}'s, the pages
 * {@code web.pages}'.
 */
package io.lanyard.signin.oidc;
