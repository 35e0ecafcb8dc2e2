package io.lanyard.signin.oidc;

import io.vertx.core.Future;

/**
 * What follows the end of an SSO session (a logout): the grants its clients got without {@code offline_access} are revoked,
 * with their access tokens.
 */
final class Logouts {

  private final Issuance issuance;

  Logouts(Issuance issuance) {
    this.issuance = issuance;
  }

  Future<Void> ended(SsoSession session) {
    return issuance.revokeSession(session.sid());
  }
}
