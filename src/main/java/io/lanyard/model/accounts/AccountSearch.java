package io.lanyard.model.accounts;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds accounts by any part of their address, first or last name, case and accents aside, newest first (the column
 * {@code users.search_text} and its trigram index, migration V38.1). The text is folded by the database itself, as the
 * column was, and its {@code %}, {@code _} and {@code \} are escaped: they are looked for as typed, never as wildcards.
 * Erased accounts are never found.
 *
 * <p>Two plans, chosen by what the newest accounts hold rather than by the planner's guess of a text's frequency (a wrong
 * guess cost 800 ms over a million accounts, docs/performance.md#help-desk-search): first the window's newest
 * accounts are read in order; when they fill the page, it is the page (every older match comes after them). Otherwise the
 * text is rare, and the trigram index finds its few accounts, which are sorted.
 */
public final class AccountSearch {

  /** How many of the newest accounts the first plan reads at most: a few milliseconds. */
  public static final int RECENT_WINDOW = 5_000;

  private static final String COLUMNS =
    "id, email, status, profile ->> 'firstname' AS firstname, profile ->> 'lastname' AS lastname, created_at";
  // The pattern from $1: folded, then escaped, then wrapped in the wildcards.
  private static final String MATCHES =
    "search_text LIKE '%' || replace(replace(replace(lanyard_fold($1), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' ESCAPE '\\'";
  // $1 text, $2 limit, $3 offset, $4 window
  private static final String RECENT = """
    SELECT %s FROM (
      SELECT id, email, status, profile, created_at, search_text FROM users WHERE status <> 'deleted'
      ORDER BY created_at DESC, id DESC LIMIT $4) AS recent
    WHERE %s
    ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3""".formatted(COLUMNS, MATCHES);
  // $1 text, $2 limit, $3 offset; run after INDEXED_ONLY, so that only the trigram index can answer
  private static final String INDEXED = """
    SELECT %s FROM users
    WHERE status <> 'deleted' AND %s
    ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3""".formatted(COLUMNS, MATCHES);
  /** The second plan is the bitmap scan of the trigram index: neither a walk of the newest nor a sequential scan. */
  public static final String INDEXED_ONLY = "SET LOCAL enable_indexscan = off; SET LOCAL enable_seqscan = off";

  private final int window;

  public AccountSearch() {
    this(RECENT_WINDOW);
  }

  /** @param window how many of the newest accounts the first plan reads (a test's small table shows both plans with a few) */
  public AccountSearch(int window) {
    this.window = window;
  }

  /** An account found: enough to tell it from the others on a list. Names are empty when the profile has none. */
  public record Found(String id, String email, UserStatus status, String firstname, String lastname, OffsetDateTime createdAt) {
  }

  /** The accounts whose text contains {@code text}, newest first, skipping {@code offset} of them. */
  public Future<List<Found>> search(Pool pool, String text, int limit, int offset) {
    return pool.preparedQuery(RECENT).execute(Tuple.of(text, limit, offset, window))
      .compose(recent -> recent.size() == limit
        ? Future.succeededFuture(recent)
        : pool.withTransaction(tx -> tx.query(INDEXED_ONLY).execute()
          .compose(set -> tx.preparedQuery(INDEXED).execute(Tuple.of(text, limit, offset)))))
      .map(AccountSearch::toFound);
  }

  /** The first plan's query, for the benchmark: $1 text, $2 limit, $3 offset, $4 window. */
  public static String recentSql() {
    return RECENT;
  }

  /** The second plan's query, for the benchmark: $1 text, $2 limit, $3 offset; after {@link #INDEXED_ONLY}. */
  public static String indexedSql() {
    return INDEXED;
  }

  private static List<Found> toFound(RowSet<Row> rows) {
    List<Found> found = new ArrayList<>(rows.size());
    rows.forEach(row -> found.add(new Found(row.getUUID("id").toString(), row.getString("email"),
      UserStatus.fromWire(row.getString("status")), orEmpty(row.getString("firstname")), orEmpty(row.getString("lastname")),
      row.getOffsetDateTime("created_at"))));
    return found;
  }

  private static String orEmpty(String text) {
    return text == null ? "" : text;
  }
}
