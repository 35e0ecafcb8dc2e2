package io.lanyard.signin.oidc;

import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.SqlClient;

import java.util.List;
import java.util.Optional;

/**
 * The consents a person gave clients (docs/decisions.md §13), as the person (a self-service route) and the help desk (the
 * CLI) list and take them back. Taking one back means the consent page comes again at the client's next request; tokens
 * already issued live on until they expire or are revoked.
 */
public final class Consents {

  private final ConsentRepository consents = new ConsentRepository();
  private final AuditTrail audit;

  public Consents(AuditTrail audit) {
    this.audit = audit;
  }

  /** {@code {consents: [{clientId, scopes}]}}. */
  public Future<JsonObject> list(SqlClient client, String userId) {
    return consents.list(client, userId).map(all -> {
      JsonArray listed = new JsonArray();
      all.forEach(consent -> listed.add(new JsonObject().put("clientId", consent.clientId())
        .put("scopes", new JsonArray(consent.scopes()))));
      return new JsonObject().put("consents", listed);
    });
  }

  /**
   * @param clientId empty: every client's
   * @return the clients whose consent went
   */
  public Future<List<String>> revoke(SqlClient client, String userId, Optional<String> clientId, RequestOrigin origin) {
    return consents.revoke(client, userId, clientId.orElse(null)).onSuccess(revoked -> revoked.forEach(id ->
      audit.record(AuditEvent.of(AuditKind.OIDC_CONSENT_REVOKED, origin).withUser(userId).withDetail(id))));
  }
}
