package io.lanyard.web.console;

import io.lanyard.helpdesk.ReadBoard;
import io.lanyard.services.metrics.Board;
import io.lanyard.services.metrics.BoardSeries;
import io.lanyard.web.pages.ContentSecurityPolicy;
import io.lanyard.web.pages.Messages;
import io.lanyard.web.pages.Page;
import io.vertx.core.Future;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The fair's live board ({@code /console/board}): one bar chart a series over the last hour, drawn on the server as inline SVG,
 * each titled and described in words, and every figure in a table too. The live board runs our script ({@value #SCRIPT}),
 * which fetches the still twin every {@code metrics.boardInterval} and swaps its figures in, in place, while the tab is shown
 * and until the person pauses it; without script it is a page with a plain link that reloads it. No timed reload of the
 * page (WCAG 2.2.1, 2.2.2): the figures change under a "Pause updates" button, and a polite status says when they did.
 *
 * @param interval how often the instances add their counts, and so how often the live board fetches its figures
 */
public record BoardPage(ReadBoard board, Messages messages, ConsolePaths paths, Duration interval) {

  /** The live board's script, relative to the console's path. */
  public static final String SCRIPT = "board.js";
  // the chart's drawing box: one bar a minute, and room under the bars for the time axis
  private static final int BAR_WIDTH = 10;
  private static final int BARS_HEIGHT = 100;
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm 'UTC'").withZone(ZoneOffset.UTC);

  /** The board whose figures our script updates in place, with the button that pauses it. */
  public Future<Page> live(ConsoleRequest request) {
    return show(request, true).map(page -> page.withHeader("Content-Security-Policy",
      ContentSecurityPolicy.runningOurScript(ContentSecurityPolicy.STRICT)));
  }

  /** The same figures, never updated, with the way back to the live board: what the live board's script fetches. */
  public Future<Page> still(ConsoleRequest request) {
    return show(request, false);
  }

  private Future<Page> show(ConsoleRequest request, boolean live) {
    return board.handle().map(figures -> {
      ConsoleView view = ConsoleView.forStaff(messages, request, "board_title", paths).put("live", live);
      long seconds = intervalSeconds();
      if (live) {
        view.put("script", paths.console() + SCRIPT).put("intervalSeconds", seconds);
      }
      Instant lastMinute = figures.firstMinute().plus(Duration.ofMinutes(Board.MINUTES - 1));
      view.put("intro", view.format("board_intro", Map.of("seconds", Long.toString(seconds))))
        .put("updated", view.format("board_updated", Map.of("time", CLOCK.format(lastMinute))))
        .put("from", CLOCK.format(figures.firstMinute())).put("to", CLOCK.format(lastMinute));
      List<Map<String, Object>> charts = new ArrayList<>();
      for (BoardSeries series : BoardSeries.values()) {
        charts.add(chart(view, series, figures.figures(series)));
      }
      return view.put("charts", charts).put("width", BAR_WIDTH * Board.MINUTES).page(200, "board");
    });
  }

  /** Whole seconds, at least one: a shorter interval would have every open page query the database without pause. */
  private long intervalSeconds() {
    return Math.max(1, interval.toSeconds());
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
