package io.lanyard.web.server;

import java.util.Optional;

/**
 * What the service tells about itself: its health, its public keys and its OpenAPI document.
 *
 * @param jwks present when tokens are signed with a key pair (ES256, RS256) or the OpenID Connect provider is on
 */
public record ServerEndpoints(HealthCheck healthCheck, Optional<Jwks> jwks, OpenApiDocument openApi) {
}
