package io.lanyard.model.accounts;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds accounts by any part of their address, first or last name, case and accents aside, newest first (the trigram index
 * of migration V38.1). The text is folded by the database itself, as the index was, and its {@code %}, {@code _} and
 * {@code \} are escaped: they are looked for as typed, never as wildcards. Erased accounts are never found.
 */
public final class AccountSearch {

  // $1 the text as typed, $2 limit, $3 offset. The pattern is folded, then escaped, then wrapped in the wildcards.
  private static final String SEARCH = """
    SELECT id, email, status, profile ->> 'firstname' AS firstname, profile ->> 'lastname' AS lastname, created_at
    FROM users
    WHERE status <> 'deleted'
      AND lanyard_account_search_text(email, profile)
        LIKE '%' || replace(replace(replace(lanyard_fold($1), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' ESCAPE '\\'
    ORDER BY created_at DESC, id DESC
    LIMIT $2 OFFSET $3""";

  /** An account found: enough to tell it from the others on a list. Names are empty when the profile has none. */
  public record Found(String id, String email, UserStatus status, String firstname, String lastname, OffsetDateTime createdAt) {
  }

  /** The accounts whose text contains {@code text}, newest first, skipping {@code offset} of them. */
  public Future<List<Found>> search(SqlClient client, String text, int limit, int offset) {
    return client.preparedQuery(SEARCH).execute(Tuple.of(text, limit, offset)).map(rows -> {
      List<Found> found = new ArrayList<>(rows.size());
      rows.forEach(row -> found.add(toFound(row)));
      return found;
    });
  }

  /** The query a search runs, for the benchmark's EXPLAIN: parameters $1 text, $2 limit, $3 offset. */
  public static String sql() {
    return SEARCH;
  }

  private static Found toFound(Row row) {
    return new Found(row.getUUID("id").toString(), row.getString("email"), UserStatus.fromWire(row.getString("status")),
      orEmpty(row.getString("firstname")), orEmpty(row.getString("lastname")), row.getOffsetDateTime("created_at"));
  }

  private static String orEmpty(String text) {
    return text == null ? "" : text;
  }
}
