package io.lanyard.selfservice.privacy;

import io.lanyard.model.audit.AuditRepository;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;

import java.util.Optional;

/**
 * Everything stored about a person, as one JSON document (the right of access): the account, its profile, where it came from
 * (fair, session, application), its links (dates only), the mails sent about it (kinds, recipients, dates), its passkeys
 * (names, transports, dates) and its security
 * events (the audit trail: kinds, dates, source addresses). Never a hash, a token or a mail body. Read in one transaction, so the parts agree with each other.
 */
public final class AccountExport {

  private final Pool pool;
  private final PersonalData data = new PersonalData();
  private final AuditRepository audit = new AuditRepository();

  public AccountExport(Pool pool) {
    this.pool = pool;
  }

  /** @return empty when no account has that id (or it is erased) */
  public Future<Optional<JsonObject>> of(String userId) {
    return pool.withTransaction(tx -> data.account(tx, userId).compose(account -> account.isEmpty()
      ? Future.succeededFuture(Optional.<JsonObject>empty())
      : data.links(tx, userId).compose(links -> data.mails(tx, userId)
        .compose(mails -> data.passkeys(tx, userId)
          .compose(passkeys -> audit.forAccount(tx, userId)
            .map(events -> Optional.of(document(account.get()).put("links", links).put("mails", mails)
              .put("passkeys", passkeys).put("securityEvents", events))))))));
  }

  private static JsonObject document(Row row) {
    Object profile = row.getValue("profile");
    Object applicationId = row.getValue("from_application_id");
    JsonObject application = applicationId == null ? null
      : new JsonObject().put("_id", applicationId.toString()).put("name", row.getString("application_name"));
    return new JsonObject()
      .put("account", new JsonObject()
        .put("_id", row.getUUID("id").toString())
        .put("email", row.getString("email"))
        .put("status", row.getString("status"))
        .put("language", row.getString("language"))
        .put("createdAt", PersonalData.time(row.getOffsetDateTime("created_at")))
        .put("updatedAt", PersonalData.time(row.getOffsetDateTime("updated_at"))))
      .put("profileData", profile instanceof JsonObject object ? object : new JsonObject())
      .put("origin", new JsonObject()
        .put("fromSalon", row.getString("from_salon"))
        .put("fromSessionSalon", row.getString("from_session_salon"))
        .put("application", application));
  }
}
