package io.lanyard.model.applications;

import java.util.List;
import java.util.Optional;

/**
 * An application made an OpenID Connect client ({@code apps oidc}): where it may receive codes and be sent after logout,
 * whether it holds a secret (confidential) or not (public), whether it is the organisation's own (no consent page), and the
 * state of its application (a disabled, revoked or expired application is no client at all).
 *
 * @param secretHash the SHA-256 of a confidential client's secret; empty for a public client
 * @param label the name people see on the hosted pages
 * @param idTokenAlgorithm what signs the client's ID tokens and logout tokens
 * @param signupSalon the fair accounts created from the client's login page are recorded under; empty when the page offers
 *   no "create an account" ({@code apps oidc --signup-salon})
 */
public record OidcClient(String clientId, String applicationId, String label, Optional<byte[]> secretHash,
                         List<String> redirectUris, List<String> postLogoutRedirectUris, boolean firstParty,
                         Optional<String> backchannelLogoutUri, IdTokenAlgorithm idTokenAlgorithm,
                         Optional<String> signupSalon, Application application) {

  public boolean isPublic() {
    return secretHash.isEmpty();
  }

  /** Exact comparison, character for character: no prefix, no wildcard, no normalisation (RFC 9700 §4.1.3). */
  public boolean hasRedirectUri(String uri) {
    return uri != null && redirectUris.contains(uri);
  }

  public boolean hasPostLogoutRedirectUri(String uri) {
    return uri != null && postLogoutRedirectUris.contains(uri);
  }
}
