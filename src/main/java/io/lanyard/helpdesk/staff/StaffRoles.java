package io.lanyard.helpdesk.staff;

import io.lanyard.model.accounts.Emails;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.util.List;
import java.util.Optional;

/**
 * Grants and revokes the help desk's roles ({@code staff grant|revoke|list}); each change is recorded in the audit trail with
 * who made it. A revoked role takes effect at the member's next console request: the console reads the table every time.
 */
public final class StaffRoles {

  private final SqlClient client;
  private final AuditTrail audit;
  private final StaffRoleRepository roles = new StaffRoleRepository();

  public StaffRoles(SqlClient client, AuditTrail audit) {
    this.client = client;
    this.audit = audit;
  }

  /**
   * @param actor who grants (an operator's login name), kept with the role and in the event's detail
   * @return the account's id, or empty when no account (not erased) has the address
   */
  public Future<Optional<String>> grant(String email, StaffRole role, String actor, RequestOrigin origin) {
    String address = Emails.normalise(email);
    return roles.grant(client, address, role, actor).map(granted -> granted.map(done -> {
      audit.record(AuditEvent.of(AuditKind.STAFF_GRANTED, origin).withUser(done.userId()).withIdentifier(address)
        .withDetail(role.wireName() + done.previous().map(before -> " (was " + before.wireName() + ")").orElse("")
          + " by " + actor));
      return done.userId();
    }));
  }

  /** @return the role taken back, or empty when the address names no staff member */
  public Future<Optional<StaffRole>> revoke(String email, String actor, RequestOrigin origin) {
    String address = Emails.normalise(email);
    return roles.revoke(client, address).map(revoked -> revoked.map(done -> {
      audit.record(AuditEvent.of(AuditKind.STAFF_REVOKED, origin).withUser(done.userId()).withIdentifier(address)
        .withDetail(done.role().wireName() + " by " + actor));
      return done.role();
    }));
  }

  /** Every staff member, by address. */
  public Future<List<StaffMember>> list() {
    return roles.list(client);
  }
}
