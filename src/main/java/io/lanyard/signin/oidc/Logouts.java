package io.lanyard.signin.oidc;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

/**
 * What follows the end of an SSO session (a logout): a back-channel logout is written for every client of the session that
 * registered a URI for it (then sent by {@link BackchannelLogoutVerticle}, nudged here), and the grants its clients got
 * without {@code offline_access} are revoked, with their access tokens.
 */
final class Logouts {

  private final Pool pool;
  private final Issuance issuance;
  private final Runnable nudge;
  private final LogoutDeliveryRepository deliveries = new LogoutDeliveryRepository();

  /** @param nudge wakes the back-channel sender once deliveries are written */
  Logouts(Pool pool, Issuance issuance, Runnable nudge) {
    this.pool = pool;
    this.issuance = issuance;
    this.nudge = nudge;
  }

  Future<Void> ended(SsoSession session) {
    return deliveries.enqueue(pool, session.sid())
      .onSuccess(written -> {
        if (written > 0) {
          nudge.run();
        }
      })
      .compose(written -> issuance.revokeSession(session.sid()));
  }
}
