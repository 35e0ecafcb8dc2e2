package io.lanyard.helpdesk.staff;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The {@code staff_roles} table: one role per account, granted to any account that is not erased. */
final class StaffRoleRepository {

  /** The role before the grant comes back too (null when the account had none), so the audit trail can say what changed. */
  private static final String GRANT = """
    WITH account AS (SELECT id FROM users WHERE email = $1 AND status <> 'deleted'),
    before AS (SELECT r.role FROM staff_roles r JOIN account a ON a.id = r.user_id)
    INSERT INTO staff_roles (user_id, role, granted_by)
    SELECT id, $2, $3 FROM account
    ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role, granted_at = now(), granted_by = EXCLUDED.granted_by
    RETURNING user_id::text, (SELECT role FROM before) AS previous""";

  private static final String REVOKE = """
    DELETE FROM staff_roles r USING users u WHERE u.id = r.user_id AND u.email = $1 RETURNING r.user_id::text, r.role""";

  private static final String LIST = """
    SELECT r.user_id::text, u.email, r.role, u.status, r.granted_at, r.granted_by
    FROM staff_roles r JOIN users u ON u.id = r.user_id ORDER BY u.email""";

  /** What a grant did: to which account, and the role it replaced. */
  record Granted(String userId, Optional<StaffRole> previous) {
  }

  record Revoked(String userId, StaffRole role) {
  }

  /** @return empty when no account (not erased) has the address */
  Future<Optional<Granted>> grant(SqlClient client, String email, StaffRole role, String grantedBy) {
    return client.preparedQuery(GRANT).execute(Tuple.of(email, role.wireName(), grantedBy)).map(rows -> {
      if (rows.size() == 0) {
        return Optional.empty();
      }
      Row row = rows.iterator().next();
      return Optional.of(new Granted(row.getString(0), Optional.ofNullable(row.getString(1)).flatMap(StaffRole::fromWire)));
    });
  }

  /** @return empty when the address names no staff member */
  Future<Optional<Revoked>> revoke(SqlClient client, String email) {
    return client.preparedQuery(REVOKE).execute(Tuple.of(email)).map(rows -> rows.size() == 0 ? Optional.empty()
      : Optional.of(new Revoked(rows.iterator().next().getString(0), role(rows.iterator().next().getString(1)))));
  }

  Future<List<StaffMember>> list(SqlClient client) {
    return client.query(LIST).execute().map(rows -> {
      List<StaffMember> members = new ArrayList<>();
      for (Row row : rows) {
        members.add(new StaffMember(row.getString(0), row.getString(1), role(row.getString(2)), row.getString(3),
          row.getOffsetDateTime(4).toInstant(), row.getString(5)));
      }
      return members;
    });
  }

  private static StaffRole role(String wire) {
    return StaffRole.fromWire(wire).orElseThrow(() -> new IllegalStateException("staff_roles holds an unknown role"));
  }
}
