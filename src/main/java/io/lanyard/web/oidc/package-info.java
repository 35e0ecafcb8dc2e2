/**
 * The HTTP mapping of the OpenID Connect provider's JSON endpoints (docs/decisions.md §13): discovery, token, userinfo,
 * revocation, introspection. Their replies are the RFCs' formats, not the Kuzzle envelope. The browser's endpoints and pages
 * are {@code web.pages}'.
 */
package io.lanyard.web.oidc;
