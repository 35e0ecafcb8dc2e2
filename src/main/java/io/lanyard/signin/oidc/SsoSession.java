package io.lanyard.signin.oidc;

/**
 * A browser's single sign-on session, valid when read (docs/decisions.md §13).
 *
 * @param sid its public id: the ID token's {@code sid}, the logout token's
 * @param authTime when the person typed their password (epoch ms): the ID token's {@code auth_time}
 */
public record SsoSession(String sid, String userId, long authTime) {

  /** {@code auth_time} is in seconds. */
  public long authTimeSeconds() {
    return authTime / 1000;
  }
}
