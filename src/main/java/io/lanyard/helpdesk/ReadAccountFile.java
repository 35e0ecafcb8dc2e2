package io.lanyard.helpdesk;

import io.lanyard.model.accounts.LockState;
import io.lanyard.model.accounts.LoginFailures;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Reads one account's file for the help desk's console: the account and its origin, its lockout, what is open in its name
 * (API sessions, single sign-on sessions, consents), the latest mails with their delivery state, and its latest audit events.
 * An erased account has no file.
 */
public record ReadAccountFile(SqlClient client, LoginFailures lockout) {

  private static final String ACCOUNT = """
    SELECT u.id::text, u.email, u.status, u.language, u.from_salon, u.from_session_salon, a.name, u.profile, u.created_at,
      u.email_verified_at, u.from_application_id::text
    FROM users u LEFT JOIN applications a ON a.id = u.from_application_id
    WHERE u.id = $1 AND u.status <> 'deleted'""";
  // Open: not expired and issued after the account's last cut-off (a global logout, a password change, a disable)
  private static final String API_SESSIONS = """
    SELECT s.issued_at, NULL::timestamptz, s.expires_at FROM user_sessions s LEFT JOIN session_cutoffs c ON c.user_id = s.user_id
    WHERE s.user_id = $1 AND (s.expires_at IS NULL OR s.expires_at > now())
      AND (c.not_before IS NULL OR s.issued_at >= c.not_before)
    ORDER BY s.issued_at DESC LIMIT 30""";
  private static final String SSO_SESSIONS = """
    SELECT s.auth_time, s.last_seen_at, s.expires_at FROM oidc_sessions s LEFT JOIN session_cutoffs c ON c.user_id = s.user_id
    WHERE s.user_id = $1 AND s.ended_at IS NULL AND s.expires_at > now()
      AND (c.not_before IS NULL OR s.auth_time >= c.not_before)
    ORDER BY s.auth_time DESC LIMIT 30""";
  private static final String CONSENTS = """
    SELECT client_id, array_to_string(scopes, ' '), granted_at FROM oidc_consents WHERE user_id = $1 ORDER BY granted_at DESC""";
  private static final String MAILS = """
    SELECT created_at, kind, status, attempts, CASE WHEN status = 'suppressed' THEN suppressed_reason ELSE last_error END, sent_at
    FROM mail_outbox WHERE user_id = $1 ORDER BY id DESC LIMIT 30""";
  private static final String EVENTS = """
    SELECT occurred_at, kind, host(source), detail FROM audit_events WHERE user_id = $1 ORDER BY occurred_at DESC, id DESC
    LIMIT 30""";



  /** @param accountId the account's id as a page's path names it: anything but an id finds nothing */
  public Future<Optional<AccountFile>> handle(String accountId) {
    UUID id;
    try {
      id = UUID.fromString(accountId);
    } catch (IllegalArgumentException notAnId) {
      return Future.succeededFuture(Optional.empty());
    }
    Tuple user = Tuple.of(id);
    return client.preparedQuery(ACCOUNT).execute(user).compose(rows -> rows.size() == 0
      ? Future.succeededFuture(Optional.empty())
      : file(rows.iterator().next(), user).map(Optional::of));
  }

  /** The account's other parts, read one after the other on the one client (a pipelined connection keeps them in order). */
  private Future<AccountFile> file(Row account, Tuple user) {
    Future<Parts> parts = lockout.state(client, account.getString(1)).map(Parts::new);
    return parts
      .compose(held -> all(API_SESSIONS, user, ReadAccountFile::session).map(held::api))
      .compose(held -> all(SSO_SESSIONS, user, ReadAccountFile::session).map(held::sso))
      .compose(held -> all(CONSENTS, user, row -> new AccountFile.Consent(row.getString(0), row.getString(1), time(row, 2)))
        .map(held::consents))
      .compose(held -> all(MAILS, user, row -> new AccountFile.Mail(time(row, 0), row.getString(1), row.getString(2),
        row.getInteger(3), Optional.ofNullable(row.getString(4)), optionalTime(row, 5))).map(held::mails))
      .compose(held -> all(EVENTS, user, row -> new AccountFile.Event(time(row, 0), row.getString(1),
        Optional.ofNullable(row.getString(2)), Optional.ofNullable(row.getString(3))))
        .map(events -> new AccountFile(account.getString(0), account.getString(1), account.getString(2),
          Optional.ofNullable(account.getString(3)), Optional.ofNullable(account.getString(4)),
          Optional.ofNullable(account.getString(5)), Optional.ofNullable(account.getString(10)),
          Optional.ofNullable(account.getString(6)), profile(account.getValue(7)),
          time(account, 8), optionalTime(account, 9), held.lock, held.api, held.sso, held.consents, held.mails, events)));
  }

  /** The parts read so far. */
  private static final class Parts {
    private final LockState lock;
    private List<AccountFile.Session> api;
    private List<AccountFile.Session> sso;
    private List<AccountFile.Consent> consents;
    private List<AccountFile.Mail> mails;

    Parts(LockState lock) {
      this.lock = lock;
    }

    Parts api(List<AccountFile.Session> read) {
      api = read;
      return this;
    }

    Parts sso(List<AccountFile.Session> read) {
      sso = read;
      return this;
    }

    Parts consents(List<AccountFile.Consent> read) {
      consents = read;
      return this;
    }

    Parts mails(List<AccountFile.Mail> read) {
      mails = read;
      return this;
    }
  }

  private <T> Future<List<T>> all(String sql, Tuple parameters, Function<Row, T> mapper) {
    return client.preparedQuery(sql).execute(parameters).map((RowSet<Row> rows) -> {
      List<T> mapped = new ArrayList<>();
      rows.forEach(row -> mapped.add(mapper.apply(row)));
      return mapped;
    });
  }

  private static AccountFile.Session session(Row row) {
    return new AccountFile.Session(time(row, 0), optionalTime(row, 1), optionalTime(row, 2));
  }

  private static JsonObject profile(Object value) {
    return value instanceof JsonObject object ? object : new JsonObject();
  }

  private static Instant time(Row row, int column) {
    return row.getOffsetDateTime(column).toInstant();
  }

  private static Optional<Instant> optionalTime(Row row, int column) {
    OffsetDateTime value = row.getOffsetDateTime(column);
    return value == null ? Optional.empty() : Optional.of(value.toInstant());
  }
}
