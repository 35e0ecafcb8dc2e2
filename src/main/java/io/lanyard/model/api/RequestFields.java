package io.lanyard.model.api;

import io.lanyard.platform.support.Blanks;
import io.vertx.core.json.JsonObject;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the fields of a request body, collecting every problem rather than stopping at the first: missing fields give the
 * operation's "missing" code (131 or 137), present but invalid ones 190, each named in {@code data.errors}.
 */
public final class RequestFields {

  /** The longest string any field takes (docs/decisions.md §4). */
  public static final int MAX_LENGTH = 255;
  /** The reason of a string holding a character no value may hold. */
  public static final String INVALID_CHARACTER = "invalid_character";

  private final JsonObject body;
  private final List<FieldProblem> missing = new ArrayList<>();
  private final List<FieldProblem> invalid = new ArrayList<>();

  public RequestFields(JsonObject body) {
    this.body = body;
  }

  /** A required string: absent, null or blank is missing; another type or over 255 characters is invalid. */
  public String string(String name) {
    return string(name, MAX_LENGTH);
  }

  /** A required string of at most {@code maxLength} characters; returned trimmed. */
  public String string(String name, int maxLength) {
    Object value = body.getValue(name);
    if (value == null || (value instanceof String text && text.isBlank())) {
      missing.add(FieldProblem.missing(name));
      return null;
    }
    if (!(value instanceof String text)) {
      invalid.add(new FieldProblem(name, "not_a_string"));
      return null;
    }
    if (text.length() > maxLength) {
      invalid.add(new FieldProblem(name, "too_long"));
      return null;
    }
    if (hasNul(text)) {
      invalid.add(new FieldProblem(name, INVALID_CHARACTER));
      return null;
    }
    return Blanks.trim(text);
  }

  /** A required string taken exactly as sent (a password: spaces are part of it). */
  public String rawString(String name) {
    Object value = body.getValue(name);
    if (value == null || (value instanceof String text && text.isEmpty())) {
      missing.add(FieldProblem.missing(name));
      return null;
    }
    if (!(value instanceof String text)) {
      invalid.add(new FieldProblem(name, "not_a_string"));
      return null;
    }
    if (hasNul(text)) {
      invalid.add(new FieldProblem(name, INVALID_CHARACTER));
      return null;
    }
    return text;
  }

  /**
   * A NUL character is in no name, address or password anyone types; PostgreSQL cannot store it in text, so it would turn
   * into an internal error further on. Refused up front, as any invalid value.
   */
  public static boolean hasNul(String text) {
    return text.indexOf('\u0000') >= 0;
  }

  /** A required JSON boolean: {@code "true"} as a string is invalid. */
  public Boolean bool(String name) {
    Object value = body.getValue(name);
    if (value == null) {
      missing.add(FieldProblem.missing(name));
      return null;
    }
    if (!(value instanceof Boolean bool)) {
      invalid.add(new FieldProblem(name, "not_a_boolean"));
      return null;
    }
    return bool;
  }

  /** Records a field as missing, for a value that is present but empty in the operation's sense (such as {@code {}}). */
  public void missing(String name) {
    missing.add(FieldProblem.missing(name));
  }

  /** Records a rule the value breaks; ignored for a field already missing or invalid (its value is then null). */
  public void check(String name, Object value, boolean valid, String reason) {
    if (value != null && !valid) {
      invalid.add(new FieldProblem(name, reason));
    }
  }

  /** The refusal, if any: missing fields first, then invalid ones. */
  public Optional<Result> refusal(StatusCode missingCode) {
    if (!missing.isEmpty()) {
      return Optional.of(Result.refused(missingCode, missing));
    }
    if (!invalid.isEmpty()) {
      return Optional.of(Result.refused(StatusCode.INVALID_FIELD, invalid));
    }
    return Optional.empty();
  }
}
