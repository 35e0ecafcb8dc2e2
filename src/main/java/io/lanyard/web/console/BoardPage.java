package io.lanyard.web.console;

import io.lanyard.helpdesk.ReadBoard;
import io.lanyard.services.metrics.Board;
import io.lanyard.services.metrics.BoardSeries;
import io.lanyard.web.pages.Messages;
import io.lanyard.web.pages.Page;
import io.vertx.core.Future;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The fair's live board ({@code /console/board}): one bar chart a series over the last hour, drawn on the server as inline SVG
 * (no script), each titled and described in words, and every figure in a table too. The live board reloads itself every
 * minute; its still twin does not.
 */
public record BoardPage(ReadBoard board, Messages messages, ConsolePaths paths) {

  static final int REFRESH_SECONDS = 60;
  // the chart's drawing box: one bar a minute, and room under the bars for the time axis
  private static final int BAR_WIDTH = 10;
  private static final int BARS_HEIGHT = 100;
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm 'UTC'").withZone(ZoneOffset.UTC);

  /** The board that reloads itself every minute, with the way to stop it (WCAG 2.2.1: a time limit the user can turn off). */
  public Future<Page> live(ConsoleRequest request) {
    return show(request, true);
  }

  /** The same figures, never reloaded, with the way back to the live board. */
  public Future<Page> still(ConsoleRequest request) {
    return show(request, false);
  }

  private Future<Page> show(ConsoleRequest request, boolean live) {
    return board.handle().map(figures -> {
      ConsoleView view = ConsoleView.forStaff(messages, request, "board_title", paths).put("live", live);
      if (live) {
        view.put("refreshSeconds", REFRESH_SECONDS);
      }
      view.put("from", CLOCK.format(figures.firstMinute()))
        .put("to", CLOCK.format(figures.firstMinute().plus(Duration.ofMinutes(Board.MINUTES - 1))));
      List<Map<String, Object>> charts = new ArrayList<>();
      for (BoardSeries series : BoardSeries.values()) {
        charts.add(chart(view, series, figures.figures(series)));
      }
      return view.put("charts", charts).put("width", BAR_WIDTH * Board.MINUTES).page(200, "board");
    });
  }

  private static Map<String, Object> chart(ConsoleView view, BoardSeries series, long[] perMinute) {
    long peak = 0;
    long total = 0;
    for (long figure : perMinute) {
      peak = Math.max(peak, figure);
      total += figure;
    }
    List<Map<String, Integer>> bars = new ArrayList<>();
    for (int minute = 0; minute < perMinute.length; minute++) {
      if (perMinute[minute] > 0) {
        // at least a pixel, so a single event among thousands still shows
        int height = (int) Math.max(1, perMinute[minute] * BARS_HEIGHT / peak);
        bars.add(Map.of("x", minute * BAR_WIDTH + 1, "y", BARS_HEIGHT - height, "height", height));
      }
    }
    String now = Long.toString(perMinute[perMinute.length - 1]);
    String previous = Long.toString(perMinute[perMinute.length - 2]);
    String peakText = Long.toString(peak);
    String hour = series.isSampled() ? "–" : Long.toString(total);
    String summary = series.isSampled()
      ? view.format("board_summary_sampled", Map.of("now", now, "peak", peakText))
      : view.format("board_summary_counted", Map.of("hour", hour, "now", now, "peak", peakText));
    return Map.of("id", series.wireName(), "title", view.text("series_" + series.wireName()), "summary", summary,
      "bars", bars, "now", now, "previous", previous, "hour", hour, "peak", peakText);
  }
}
