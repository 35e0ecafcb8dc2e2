package io.lanyard.partners.imports;

import io.lanyard.model.api.FieldProblem;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * CSV as RFC 4180 writes it (and spreadsheets export it): a header row naming the columns, fields separated by commas, quoted
 * with {@code "} when they hold commas, quotes ({@code ""}) or line breaks; CRLF or LF. A row's line is the line it starts on.
 */
final class CsvRowReader extends RowReader {

  private final List<String> columns;
  private long line;

  CsvRowReader(BufferedReader reader, AtomicLong bytesRead) throws IOException {
    super(reader, bytesRead);
    Optional<List<String>> header = record();
    if (header.isEmpty()) {
      throw new ImportFileException("the file is empty: a CSV import starts with a header row naming its columns");
    }
    this.columns = header(header.get());
  }

  private static List<String> header(List<String> names) {
    List<String> columns = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (String name : names) {
      String column = ImportColumns.named(name).orElseThrow(() -> new ImportFileException("the header names an unknown column \""
        + name.trim() + "\" (known: " + String.join(", ", ImportColumns.ALL) + ")"));
      if (!seen.add(column)) {
        throw new ImportFileException("the header names the column " + column + " twice");
      }
      columns.add(column);
    }
    for (String required : ImportColumns.REQUIRED) {
      if (!seen.contains(required)) {
        throw new ImportFileException("the header has no column " + required + " (required: "
          + String.join(", ", ImportColumns.REQUIRED) + ")");
      }
    }
    return columns;
  }

  @Override
  public Optional<RawRow> next() throws IOException {
    while (true) {
      long start = line + 1;
      Optional<List<String>> fields = record();
      if (fields.isEmpty()) {
        return Optional.empty();
      }
      if (fields.get().size() == 1 && fields.get().get(0).isBlank()) {
        continue;
      }
      Map<String, String> values = new HashMap<>();
      List<FieldProblem> problems = new ArrayList<>();
      if (fields.get().size() != columns.size()) {
        problems.add(new FieldProblem(ImportRules.ROW, "has_" + fields.get().size() + "_fields_header_has_" + columns.size()));
      }
      for (int i = 0; i < Math.min(columns.size(), fields.get().size()); i++) {
        String value = fields.get().get(i).trim();
        if (!value.isEmpty()) {
          values.put(columns.get(i), value);
        }
      }
      return Optional.of(new RawRow(start, values, problems));
    }
  }

  /** The fields of the next record, or empty at the end; counts the lines it crosses. */
  private Optional<List<String>> record() throws IOException {
    BufferedReader in = reader();
    int c = in.read();
    if (c == -1) {
      return Optional.empty();
    }
    line++;
    long start = line;
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    boolean wasQuoted = false;
    while (true) {
      if (quoted) {
        if (c == -1) {
          throw new ImportFileException("line " + start + ": a quoted field is not closed before the end of the file");
        }
        if (c == '"') {
          in.mark(1);
          int following = in.read();
          if (following == '"') {
            field.append('"');
          } else {
            quoted = false;
            in.reset();
          }
        } else {
          if (c == '\n') {
            line++;
          }
          field.append((char) c);
        }
      } else if (c == ',') {
        fields.add(field.toString());
        field.setLength(0);
        wasQuoted = false;
      } else if (c == '\n' || c == -1) {
        fields.add(field.toString());
        return Optional.of(fields);
      } else if (c == '\r') {
        in.mark(1);
        if (in.read() != '\n') {
          in.reset();
        }
        fields.add(field.toString());
        return Optional.of(fields);
      } else if (c == '"' && field.toString().isBlank() && !wasQuoted) {
        quoted = true;
        wasQuoted = true;
        field.setLength(0);
      } else {
        field.append((char) c);
      }
      c = in.read();
    }
  }
}
