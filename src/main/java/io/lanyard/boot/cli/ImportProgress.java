package io.lanyard.boot.cli;

import io.lanyard.partners.imports.UserImport;

import java.io.PrintWriter;
import java.util.Locale;

/** A progress bar on standard error while an import runs, redrawn at most every quarter second; nothing when not a terminal. */
final class ImportProgress implements UserImport.Progress {

  private static final long REDRAW_NANOS = 250_000_000L;
  private static final int WIDTH = 30;

  private final PrintWriter err;
  private final long fileSize;
  private final boolean terminal;
  private final long started = System.nanoTime();
  private long drawn;

  ImportProgress(PrintWriter err, long fileSize, boolean terminal) {
    this.err = err;
    this.fileSize = Math.max(fileSize, 1);
    this.terminal = terminal;
  }

  @Override
  public void update(long rows, long bytesRead) {
    long now = System.nanoTime();
    if (!terminal || now - drawn < REDRAW_NANOS) {
      return;
    }
    drawn = now;
    double done = Math.min(1.0, (double) bytesRead / fileSize);
    int filled = (int) Math.round(done * WIDTH);
    double seconds = Math.max(now - started, 1) / 1e9;
    err.print(String.format(Locale.ROOT, "\r[%s%s] %3.0f%%  %,d rows  %,.0f rows/s ", "#".repeat(filled),
      " ".repeat(WIDTH - filled), done * 100, rows, rows / seconds));
    err.flush();
  }

  void done() {
    if (terminal && drawn != 0) {
      err.println();
    }
  }
}
