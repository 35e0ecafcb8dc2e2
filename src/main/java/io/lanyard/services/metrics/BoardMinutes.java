package io.lanyard.services.metrics;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.List;
import java.util.Map;

/**
 * The {@code board_minutes} table: each instance adds what it counted into the current minute's rows, so the figures read
 * back are the whole deployment's. Sign-ups and proven addresses are read from {@code users} itself, exactly.
 */
public final class BoardMinutes {

  // the minute is the database's, so instances with clocks apart still add into the same rows
  private static final String ADD = """
    INSERT INTO board_minutes (minute, series, count)
    SELECT date_trunc('minute', now()), series, count FROM unnest($1::text[], $2::int8[]) AS added (series, count)
    ON CONFLICT (minute, series) DO UPDATE SET count = board_minutes.count + EXCLUDED.count""";
  private static final String SAMPLE = """
    INSERT INTO board_minutes (minute, series, count)
    SELECT date_trunc('minute', now()), series, count FROM unnest($1::text[], $2::int8[]) AS read (series, count)
    ON CONFLICT (minute, series) DO UPDATE SET count = GREATEST(board_minutes.count, EXCLUDED.count)""";
  // One row that always comes (the first minute), then the figures by minute's place in the hour (0 the oldest).
  private static final String LAST_HOUR = """
    WITH start AS (SELECT date_trunc('minute', now()) - interval '59 minutes' AS at)
    SELECT s.at AS first_minute, NULL::int AS slot, NULL::text AS series, 0::int8 AS count FROM start s
    UNION ALL
    SELECT s.at, (extract(epoch FROM b.minute - s.at) / 60)::int, b.series, b.count
    FROM board_minutes b, start s WHERE b.minute >= s.at
    UNION ALL
    SELECT s.at, (extract(epoch FROM date_trunc('minute', u.created_at) - s.at) / 60)::int, 'signups', count(*)
    FROM users u, start s WHERE u.created_at >= s.at AND NOT u.synthetic GROUP BY 1, 2
    UNION ALL
    SELECT s.at, (extract(epoch FROM date_trunc('minute', u.email_verified_at) - s.at) / 60)::int, 'activations', count(*)
    FROM users u, start s WHERE u.email_verified_at >= s.at AND NOT u.synthetic GROUP BY 1, 2""";
  private static final String DELETE_OLD = "DELETE FROM board_minutes WHERE minute < now() - interval '1 day'";

  /** Adds counts of events into the current minute. */
  public Future<Void> add(SqlClient client, Map<BoardSeries, Long> counts) {
    return write(client, ADD, counts);
  }

  /** Records readings of levels in the current minute, keeping the highest. */
  public Future<Void> sample(SqlClient client, Map<BoardSeries, Long> readings) {
    return write(client, SAMPLE, readings);
  }

  public Future<Board> lastHour(SqlClient client) {
    return client.preparedQuery(LAST_HOUR).execute().map(rows -> {
      Board board = null;
      for (Row row : rows) {
        if (board == null) {
          board = Board.empty(row.getOffsetDateTime("first_minute").toInstant());
        }
        Integer slot = row.getInteger("slot");
        String series = row.getString("series");
        if (slot != null && slot >= 0 && slot < Board.MINUTES && series != null) {
          board.figures(BoardSeries.of(series))[slot] += row.getLong("count");
        }
      }
      return board;
    });
  }

  /** Forgets the minutes older than a day; says how many rows went. */
  public Future<Integer> deleteOld(SqlClient client) {
    return client.query(DELETE_OLD).execute().map(rows -> rows.rowCount());
  }

  private static Future<Void> write(SqlClient client, String sql, Map<BoardSeries, Long> figures) {
    if (figures.isEmpty()) {
      return Future.succeededFuture();
    }
    List<Map.Entry<BoardSeries, Long>> entries = List.copyOf(figures.entrySet());
    String[] series = entries.stream().map(entry -> entry.getKey().wireName()).toArray(String[]::new);
    Long[] counts = entries.stream().map(Map.Entry::getValue).toArray(Long[]::new);
    return client.preparedQuery(sql).execute(Tuple.tuple().addArrayOfString(series).addArrayOfLong(counts)).mapEmpty();
  }
}
