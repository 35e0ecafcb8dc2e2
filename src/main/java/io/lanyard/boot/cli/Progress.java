package io.lanyard.boot.cli;

import java.io.PrintWriter;

/**
 * How far a long command has got: a bar redrawn in place on a terminal, and a plain count every tenth of the way otherwise
 * (a log file or a pipe gets a few lines, not thousands of carriage returns).
 */
final class Progress {

  private static final int BAR_WIDTH = 30;

  private final PrintWriter out;
  private final boolean terminal;
  private final String label;
  private final long total;
  private long done;
  private long nextPlainReport;

  private Progress(PrintWriter out, boolean terminal, String label, long total) {
    this.out = out;
    this.terminal = terminal;
    this.label = label;
    this.total = total;
    this.nextPlainReport = step();
  }

  /** A bar when the process runs on a terminal, plain counts otherwise. */
  static Progress of(PrintWriter out, String label, long total) {
    return new Progress(out, System.console() != null, label, total);
  }

  void advance(long count) {
    done += count;
    if (terminal) {
      int filled = total == 0 ? BAR_WIDTH : (int) (BAR_WIDTH * done / total);
      out.printf("\r%s [%s%s] %3d%% %d/%d", label, "#".repeat(filled), " ".repeat(BAR_WIDTH - filled),
        total == 0 ? 100 : 100 * done / total, done, total);
      out.flush();
    } else if (done >= nextPlainReport || done == total) {
      out.println(label + ": " + done + "/" + total);
      nextPlainReport = done + step();
    }
  }

  /** Ends the bar's line. */
  void finish() {
    if (terminal) {
      out.println();
    }
  }

  private long step() {
    return Math.max(1, total / 10);
  }
}
