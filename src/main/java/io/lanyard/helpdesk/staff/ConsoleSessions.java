package io.lanyard.helpdesk.staff;

import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.platform.support.SecretTokens;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * The console's sessions, kept in PostgreSQL so that any instance serves any staff member's next page. A session is opened
 * only for an active account holding a role, after a sign-in through the provider; every request then reads it with all
 * that may have ended it, in one statement: its own lifetime ({@code console.sessionTtl}), the account's state, the single
 * sign-on session it came from (logout, its end, the account's session cut-off: a password change, a global logout, a
 * disabled or erased account) and the role, which a revocation deletes.
 */
public record ConsoleSessions(SqlClient client, Duration ttl, AuditTrail audit) {

  private static final String OPEN = """
    INSERT INTO console_sessions (id_hash, user_id, sid, expires_at)
    SELECT $1, u.id, $3, now() + $4 * interval '1 millisecond'
    FROM users u JOIN staff_roles r ON r.user_id = u.id
    WHERE u.id = $2 AND u.status = 'active'
    RETURNING (SELECT role FROM staff_roles WHERE user_id = $2)""";

  private static final String FIND = """
    SELECT c.user_id::text, u.email, r.role, c.sid::text
    FROM console_sessions c
      JOIN users u ON u.id = c.user_id
      JOIN oidc_sessions s ON s.sid = c.sid
      LEFT JOIN session_cutoffs k ON k.user_id = c.user_id
      LEFT JOIN staff_roles r ON r.user_id = c.user_id
    WHERE c.id_hash = $1 AND c.expires_at > now() AND u.status = 'active'
      AND s.ended_at IS NULL AND s.expires_at > now() AND (k.not_before IS NULL OR s.auth_time >= k.not_before)""";

  private static final String END = "DELETE FROM console_sessions WHERE id_hash = $1";

  private static final String DELETE_OLD = "DELETE FROM console_sessions WHERE expires_at < now()";



  /**
   * After a sign-in through the provider: a session for a staff member, or empty (recorded as refused) for anyone else.
   *
   * @param sid the single sign-on session of the sign-in (the ID token's {@code sid})
   * @return the new session's cookie value
   */
  public Future<Optional<String>> open(String userId, String sid, RequestOrigin origin) {
    String token = SecretTokens.generate();
    return client.preparedQuery(OPEN).execute(Tuple.of(Buffer.buffer(SecretTokens.sha256(token)), UUID.fromString(userId),
      UUID.fromString(sid), ttl.toMillis())).map(rows -> {
        if (rows.size() == 0) {
          audit.record(AuditEvent.of(AuditKind.CONSOLE_REFUSED, origin).withUser(userId).withDetail("not_staff"));
          return Optional.empty();
        }
        audit.record(AuditEvent.of(AuditKind.CONSOLE_SIGNED_IN, origin).withUser(userId)
          .withDetail(rows.iterator().next().getString(0)));
        return Optional.of(token);
      });
  }

  /** What the request bearing this cookie value may do, now. */
  public Future<ConsoleAccess> access(Optional<String> cookie, RequestOrigin origin) {
    if (cookie.isEmpty() || cookie.get().isEmpty()) {
      return Future.succeededFuture(ConsoleAccess.NONE);
    }
    return client.preparedQuery(FIND).execute(Tuple.of(Buffer.buffer(SecretTokens.sha256(cookie.get())))).map(rows -> {
      if (rows.size() == 0) {
        return ConsoleAccess.NONE;
      }
      Row row = rows.iterator().next();
      Optional<StaffRole> role = Optional.ofNullable(row.getString(2)).flatMap(StaffRole::fromWire);
      if (role.isEmpty()) {
        audit.record(AuditEvent.of(AuditKind.CONSOLE_REFUSED, origin).withUser(row.getString(0)).withDetail("not_staff"));
        return new ConsoleAccess.Refused(row.getString(0));
      }
      return new ConsoleAccess.Staff(row.getString(0), row.getString(1), role.get(), row.getString(3));
    });
  }

  public Future<Void> end(String cookie) {
    return client.preparedQuery(END).execute(Tuple.of(Buffer.buffer(SecretTokens.sha256(cookie)))).mapEmpty();
  }

  /** Sessions past their lifetime, for the service's pruning. */
  public Future<Integer> deleteExpired() {
    return client.preparedQuery(DELETE_OLD).execute().map(rows -> rows.rowCount());
  }
}
