package io.lanyard.partners.imports;

import io.lanyard.model.api.FieldProblem;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/** JSON Lines: one JSON object a line, with the CSV's column names as keys; blank lines are skipped. */
final class JsonLinesRowReader extends RowReader {

  private long line;

  JsonLinesRowReader(BufferedReader reader, AtomicLong bytesRead) {
    super(reader, bytesRead);
  }

  @Override
  public Optional<RawRow> next() throws IOException {
    String text;
    while ((text = reader().readLine()) != null) {
      line++;
      if (!text.isBlank()) {
        return Optional.of(parse(line, text));
      }
    }
    return Optional.empty();
  }

  private static RawRow parse(long line, String text) {
    Map<String, String> values = new HashMap<>();
    List<FieldProblem> problems = new ArrayList<>();
    JsonObject object;
    try {
      object = new JsonObject(text);
    } catch (DecodeException | ClassCastException e) {
      return new RawRow(line, values, List.of(new FieldProblem(ImportRules.ROW, "not_a_json_object")));
    }
    for (String key : object.fieldNames()) {
      Object value = object.getValue(key);
      if (!ImportColumns.ALL.contains(key)) {
        problems.add(new FieldProblem(key, "unknown_field"));
      } else if (value instanceof String string) {
        if (!string.isBlank()) {
          values.put(key, string.trim());
        }
      } else if (value != null) {
        problems.add(new FieldProblem(key, "not_a_string"));
      }
    }
    return new RawRow(line, values, problems);
  }
}
