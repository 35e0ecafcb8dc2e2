package io.lanyard.signin.tokens;

/**
 * What an OpenID Connect client's access token says beside the caller: the client it was issued to ({@code azp}) and the
 * scopes granted ({@code scope}). Read once, when the token's signature and claims are checked, and kept with it, so the
 * endpoints that take a client's token (userinfo, introspection, revocation) do not decode its payload again.
 */
public record ClientAccess(String clientId, String scope) {
}
