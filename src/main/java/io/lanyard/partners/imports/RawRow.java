package io.lanyard.partners.imports;

import io.lanyard.model.api.FieldProblem;

import java.util.List;
import java.util.Map;

/**
 * A row as read from the file, before validation.
 *
 * @param line the line of the file where the row starts (1 is the first line)
 * @param values column → value, trimmed; empty values are absent
 * @param problems what the reader itself found wrong (a value that is not a string, a key that is no column, ...)
 */
public record RawRow(long line, Map<String, String> values, List<FieldProblem> problems) {
}
