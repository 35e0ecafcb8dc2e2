package io.lanyard.services.metrics;

import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;

/**
 * The live board's last hour, the whole deployment's: for each series, one figure per minute, oldest first; the last one is
 * the current minute, still running.
 *
 * @param firstMinute the start of the oldest minute, by the database's clock
 */
public record Board(Instant firstMinute, Map<BoardSeries, long[]> perMinute) {

  public static final int MINUTES = 60;

  static Board empty(Instant firstMinute) {
    Map<BoardSeries, long[]> series = new EnumMap<>(BoardSeries.class);
    for (BoardSeries one : BoardSeries.values()) {
      series.put(one, new long[MINUTES]);
    }
    return new Board(firstMinute, series);
  }

  public long[] figures(BoardSeries series) {
    return perMinute.get(series);
  }
}
