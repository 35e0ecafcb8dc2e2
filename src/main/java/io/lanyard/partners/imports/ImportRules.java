package io.lanyard.partners.imports;

import io.lanyard.model.accounts.Emails;
import io.lanyard.model.accounts.FairNames;
import io.lanyard.model.accounts.Languages;
import io.lanyard.model.api.FieldProblem;
import io.lanyard.model.api.RequestFields;
import io.lanyard.model.applications.ProfileFields;
import io.vertx.core.json.JsonObject;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The rules a row must pass, the API's: the e-mail syntax and its normal form, the two languages, strings of at most 255
 * characters, {@code fromSalon} and {@code fromSessionSalon} slugs, the profile fields' own rules (civility, ISO country);
 * and a bcrypt hash in the modular crypt form ({@code $2a$}, {@code $2b$} or {@code $2y$}, cost 04 to 31, 53 characters of
 * salt and hash), kept as it is.
 */
public final class ImportRules {

  private static final Pattern BCRYPT = Pattern.compile("\\$2[aby]\\$(0[4-9]|[12][0-9]|3[01])\\$[./A-Za-z0-9]{53}");
  private static final String PROFILE_PREFIX = "data.";
  /** The field a reader names for a problem of the whole row (not JSON, a wrong number of fields). */
  static final String ROW = "row";

  /** A row, or why it is rejected. */
  public record Checked(ImportRow row, List<FieldProblem> problems) {

    public boolean isValid() {
      return problems.isEmpty();
    }
  }

  private ImportRules() {
  }

  public static Checked check(RawRow raw) {
    if (raw.problems().stream().anyMatch(problem -> problem.field().equals(ROW))) {
      // a row that could not be read as one: its fields mean nothing
      return new Checked(null, raw.problems());
    }
    List<FieldProblem> problems = new ArrayList<>(raw.problems());
    String email = required(raw, ImportColumns.EMAIL, problems);
    if (email != null) {
      email = Emails.normalise(email);
      if (!Emails.isValid(email)) {
        problems.add(new FieldProblem(ImportColumns.EMAIL, "invalid_email"));
      }
    }
    String language = required(raw, ImportColumns.LANGUAGE, problems);
    if (language != null && !Languages.isSupported(language)) {
      problems.add(new FieldProblem(ImportColumns.LANGUAGE, "unsupported_language"));
    }
    String fromSalon = slug(raw, ImportColumns.FROM_SALON, problems);
    String fromSessionSalon = slug(raw, ImportColumns.FROM_SESSION_SALON, problems);
    JsonObject profile = profile(raw, problems);
    Optional<String> hash = Optional.ofNullable(raw.values().get(ImportColumns.PASSWORD_HASH));
    if (hash.isPresent() && !BCRYPT.matcher(hash.get()).matches()) {
      problems.add(new FieldProblem(ImportColumns.PASSWORD_HASH, "not_a_bcrypt_hash"));
    }
    if (!problems.isEmpty()) {
      return new Checked(null, List.copyOf(problems));
    }
    return new Checked(new ImportRow(raw.line(), email, language, fromSalon, fromSessionSalon, profile, hash), List.of());
  }

  private static String required(RawRow raw, String column, List<FieldProblem> problems) {
    String value = raw.values().get(column);
    if (value == null) {
      if (problems.stream().noneMatch(problem -> problem.field().equals(column))) {
        problems.add(FieldProblem.missing(column));
      }
      return null;
    }
    if (value.length() > (column.equals(ImportColumns.EMAIL) ? Emails.MAX_LENGTH : RequestFields.MAX_LENGTH)) {
      problems.add(new FieldProblem(column, "too_long"));
      return null;
    }
    if (RequestFields.hasNul(value)) {
      problems.add(new FieldProblem(column, RequestFields.INVALID_CHARACTER));
      return null;
    }
    return value;
  }

  /** A required column holding a slug, as the creation routes take {@code fromSalon} and {@code fromSessionSalon}. */
  private static String slug(RawRow raw, String column, List<FieldProblem> problems) {
    String value = required(raw, column, problems);
    if (value != null && !FairNames.isSlug(value)) {
      problems.add(new FieldProblem(column, FairNames.INVALID_SLUG));
      return null;
    }
    return value;
  }

  /** The profile columns given, checked by the rules of a third party's update; the phone as strings of 255 at most. */
  private static JsonObject profile(RawRow raw, List<FieldProblem> problems) {
    JsonObject modifiable = new JsonObject();
    JsonObject profile = new JsonObject();
    for (String column : ImportColumns.PROFILE) {
      String value = raw.values().get(column);
      if (value == null) {
        continue;
      }
      if (ProfileFields.READ_ONLY.contains(column)) {
        if (value.length() > RequestFields.MAX_LENGTH) {
          problems.add(new FieldProblem(column, "too_long"));
        } else if (RequestFields.hasNul(value)) {
          problems.add(new FieldProblem(column, RequestFields.INVALID_CHARACTER));
        }
        profile.put(column, value);
      } else {
        modifiable.put(column, value);
      }
    }
    ProfileFields.Parsed parsed = ProfileFields.parse(modifiable);
    for (FieldProblem problem : parsed.problems()) {
      String field = problem.field().startsWith(PROFILE_PREFIX) ? problem.field().substring(PROFILE_PREFIX.length())
        : problem.field();
      problems.add(new FieldProblem(field, problem.reason()));
    }
    if (parsed.change() != null) {
      profile.mergeIn(parsed.change().set());
    }
    return profile;
  }
}
