package io.lanyard.partners.imports;

import io.lanyard.model.api.FieldProblem;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The rows an import rejected, as CSV: {@code line,email,reasons}, where reasons reads {@code field:reason; field:reason}.
 * Written whether or not a row is rejected, so an old report never stands for a new run.
 */
public final class RejectReport implements Closeable {

  private final BufferedWriter out;

  public RejectReport(Path file) throws IOException {
    this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    out.write("line,email,reasons\n");
  }

  public void reject(long line, String email, List<FieldProblem> problems) throws IOException {
    String reasons = problems.stream().map(problem -> problem.field() + ":" + problem.reason())
      .collect(Collectors.joining("; "));
    out.write(line + "," + cell(email == null ? "" : email) + "," + cell(reasons) + "\n");
  }

  /** Quoted when needed; a leading {@code = + - @} is defused, so a spreadsheet opening the report runs no formula. */
  private static String cell(String value) {
    String safe = !value.isEmpty() && "=+-@".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
    if (safe.contains(",") || safe.contains("\"") || safe.contains("\n") || safe.contains("\r")) {
      return "\"" + safe.replace("\"", "\"\"") + "\"";
    }
    return safe;
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
