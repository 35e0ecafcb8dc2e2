package io.lanyard.selfservice.privacy;

import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Everything stored about a person, wherever it is kept (the account, its links, the mail sent to it): read for an export,
 * erased for a deletion (its passkeys too). No hash, no token and no key is ever read here.
 */
final class PersonalData {

  private static final String ACCOUNT = """
    SELECT u.id, u.email, u.status, u.language, u.profile, u.from_salon, u.from_session_salon, u.from_application_id,
      a.name AS application_name, u.created_at, u.updated_at
    FROM users u LEFT JOIN applications a ON a.id = u.from_application_id
    WHERE u.id = $1 AND u.status <> 'deleted'""";
  private static final String MAILS = """
    SELECT kind, recipient, status, created_at, sent_at FROM mail_outbox WHERE user_id = $1 ORDER BY id""";
  private static final String ACCOUNT_LINKS = """
    SELECT NULL::text AS new_email, created_at, expires_at, used_at FROM account_links WHERE user_id = $1 ORDER BY created_at""";
  private static final String PASSWORD_RESETS = """
    SELECT NULL::text AS new_email, created_at, expires_at, used_at FROM password_resets WHERE user_id = $1 ORDER BY created_at""";
  private static final String EMAIL_CHANGES = """
    SELECT new_email, created_at, expires_at, used_at FROM email_changes WHERE user_id = $1 ORDER BY created_at""";

  // a passkey's metadata, never its key (which is public anyway, and no personal data)
  private static final String PASSKEYS = """
    SELECT name, transports, created_at, last_used_at FROM passkeys WHERE user_id = $1 ORDER BY created_at, id""";

  // Mail not sent yet is dropped; sent mail keeps that it was sent, not to whom or about what.
  private static final String DROP_UNSENT_MAIL = """
    DELETE FROM mail_outbox WHERE user_id = $1 AND status IN ('pending', 'dead')""";
  private static final String BLANK_SENT_MAIL = """
    UPDATE mail_outbox SET recipient = '', subject = '', text_body = NULL, html_body = NULL WHERE user_id = $1""";
  private static final String DELETE_LINKS = """
    WITH account AS (DELETE FROM account_links WHERE user_id = $1),
         reset AS (DELETE FROM password_resets WHERE user_id = $1),
         passkey AS (DELETE FROM passkeys WHERE user_id = $1)
    DELETE FROM email_changes WHERE user_id = $1""";
  // An erased account is nobody's staff member: its console role and console sessions go with it.
  private static final String DELETE_STAFF_ROLE = """
    WITH role AS (DELETE FROM staff_roles WHERE user_id = $1)
    DELETE FROM console_sessions WHERE user_id = $1""";
  // The row stays, holding nothing personal: its id anchors the cut-off refusing the account's tokens.
  private static final String ERASE_ACCOUNT = """
    UPDATE users SET email = NULL, password_hash = NULL, status = 'deleted', language = NULL, from_salon = NULL,
      from_session_salon = NULL, from_application_id = NULL, profile = '{}'::jsonb, deleted_at = now(), updated_at = now()
    WHERE id = $1 AND status <> 'deleted'""";

  /** The account's fields and origin, or empty when there is no such account (or it is erased). */
  Future<Optional<Row>> account(SqlClient client, String userId) {
    return client.preparedQuery(ACCOUNT).execute(Tuple.of(UUID.fromString(userId)))
      .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next()));
  }

  /** Every mail sent (or to be sent) about the account: kind, recipient, state, dates. */
  Future<JsonArray> mails(SqlClient client, String userId) {
    return client.preparedQuery(MAILS).execute(Tuple.of(UUID.fromString(userId))).map(rows -> {
      JsonArray mails = new JsonArray();
      rows.forEach(row -> mails.add(new JsonObject().put("kind", row.getString("kind")).put("recipient", row.getString("recipient"))
        .put("status", row.getString("status")).put("createdAt", time(row.getOffsetDateTime("created_at")))
        .put("sentAt", time(row.getOffsetDateTime("sent_at")))));
      return mails;
    });
  }

  /** The account's links by kind ({@code accountLinks}, {@code passwordResets}, {@code emailChanges}): dates, never tokens. */
  Future<JsonObject> links(SqlClient client, String userId) {
    Tuple user = Tuple.of(UUID.fromString(userId));
    JsonObject links = new JsonObject();
    return client.preparedQuery(ACCOUNT_LINKS).execute(user).map(rows -> links.put("accountLinks", toLinks(rows, false)))
      .compose(done -> client.preparedQuery(PASSWORD_RESETS).execute(user))
      .map(rows -> links.put("passwordResets", toLinks(rows, false)))
      .compose(done -> client.preparedQuery(EMAIL_CHANGES).execute(user))
      .map(rows -> links.put("emailChanges", toLinks(rows, true)));
  }

  /** The account's passkeys: names, transports, dates. */
  Future<JsonArray> passkeys(SqlClient client, String userId) {
    return client.preparedQuery(PASSKEYS).execute(Tuple.of(UUID.fromString(userId))).map(rows -> {
      JsonArray passkeys = new JsonArray();
      for (Row row : rows) {
        String[] transports = row.getArrayOfStrings("transports");
        passkeys.add(new JsonObject().put("name", row.getString("name"))
          .put("transports", new JsonArray(transports == null ? List.of() : List.of(transports)))
          .put("createdAt", time(row.getOffsetDateTime("created_at")))
          .put("lastUsedAt", time(row.getOffsetDateTime("last_used_at"))));
      }
      return passkeys;
    });
  }

  /** @return whether the account existed and is now erased */
  Future<Boolean> erase(SqlClient tx, String userId) {
    Tuple user = Tuple.of(UUID.fromString(userId));
    List<String> steps = List.of(DROP_UNSENT_MAIL, BLANK_SENT_MAIL, DELETE_LINKS, DELETE_STAFF_ROLE);
    Future<?> done = Future.succeededFuture();
    for (String step : steps) {
      done = done.compose(previous -> tx.preparedQuery(step).execute(user));
    }
    return done.compose(previous -> tx.preparedQuery(ERASE_ACCOUNT).execute(user)).map(rows -> rows.rowCount() == 1);
  }

  private static JsonArray toLinks(RowSet<Row> rows, boolean withAddress) {
    JsonArray links = new JsonArray();
    for (Row row : rows) {
      JsonObject link = new JsonObject();
      if (withAddress) {
        link.put("newEmail", row.getString("new_email"));
      }
      links.add(link.put("createdAt", time(row.getOffsetDateTime("created_at")))
        .put("expiresAt", time(row.getOffsetDateTime("expires_at"))).put("usedAt", time(row.getOffsetDateTime("used_at"))));
    }
    return links;
  }

  /** ISO-8601 in UTC, or null. */
  static String time(OffsetDateTime time) {
    return time == null ? null : time.toInstant().toString();
  }
}
