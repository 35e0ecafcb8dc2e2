package io.lanyard.model.applications;

import io.lanyard.model.accounts.Languages;
import io.lanyard.model.accounts.ProfileChange;
import io.lanyard.model.api.FieldProblem;
import io.lanyard.model.api.RequestFields;
import io.vertx.core.json.JsonObject;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The profile fields a third party may modify (docs/decisions.md §6), and the rules of their values. Any other key — an account
 * field, a read-only profile field, an unknown name — refuses the whole update.
 */
public final class ProfileFields {

  public static final List<String> MODIFIABLE = List.of("firstname", "lastname", "society", "civility", "language",
    "address1", "address2", "address3", "postalCode", "country", "city", "state");
  /** Readable in a profile, never writable by a third party. */
  public static final List<String> READ_ONLY = List.of("mobilephone:indicatif", "mobilephone:content");

  private static final Set<String> ACCOUNT_FIELDS = Set.of("email", "password", "status", "_id", "id", "fromSalon",
    "fromSessionSalon", "fromThirdParty", "passwordHash", "password_hash");
  private static final String LANGUAGE = "language";
  /**
   * A refusal lists at most this many problems, then one {@code data}/{@code too_many_problems}: a body of 60,000 unknown
   * keys is answered in a few hundred bytes, not megabytes (docs/decisions.md §11).
   */
  public static final int MAX_LISTED_PROBLEMS = 20;
  /** A key named in a problem is cut to this many characters, so one key of a megabyte is not echoed back. */
  public static final int MAX_NAMED_KEY = 64;

  /** The change, or the problems that refuse it. */
  public record Parsed(ProfileChange change, List<FieldProblem> problems) {
  }

  private ProfileFields() {
  }

  public static Parsed parse(JsonObject data) {
    List<FieldProblem> problems = new ArrayList<>();
    JsonObject set = new JsonObject();
    List<String> cleared = new ArrayList<>();
    Optional<Optional<String>> language = Optional.empty();
    for (String key : data.fieldNames()) {
      if (problems.size() == MAX_LISTED_PROBLEMS) {
        // the update is refused already; what the rest of the keys hold changes nothing
        problems.add(new FieldProblem("data", "too_many_problems"));
        break;
      }
      Object value = data.getValue(key);
      String field = "data." + (key.length() <= MAX_NAMED_KEY ? key : key.substring(0, MAX_NAMED_KEY) + "…");
      if (!MODIFIABLE.contains(key)) {
        boolean known = READ_ONLY.contains(key) || ACCOUNT_FIELDS.contains(key);
        problems.add(new FieldProblem(field, known ? "not_modifiable" : "unknown_field"));
      } else if (value == null) {
        if (key.equals(LANGUAGE)) {
          language = Optional.of(Optional.empty());
        } else {
          cleared.add(key);
        }
      } else {
        Optional<String> problem = problem(key, value);
        if (problem.isPresent()) {
          problems.add(new FieldProblem(field, problem.get()));
        } else if (key.equals(LANGUAGE)) {
          language = Optional.of(Optional.of((String) value));
        } else {
          set.put(key, value);
        }
      }
    }
    return problems.isEmpty() ? new Parsed(new ProfileChange(set, cleared, language), List.of()) : new Parsed(null, problems);
  }

  private static Optional<String> problem(String key, Object value) {
    if (!(value instanceof String text)) {
      return Optional.of("not_a_string");
    }
    if (text.length() > RequestFields.MAX_LENGTH) {
      return Optional.of("too_long");
    }
    if (RequestFields.hasNul(text)) {
      return Optional.of(RequestFields.INVALID_CHARACTER);
    }
    return switch (key) {
      case "civility" -> text.equals("0") || text.equals("1") ? Optional.empty() : Optional.of("not_0_or_1");
      case LANGUAGE -> Languages.isSupported(text) ? Optional.empty() : Optional.of("unsupported_language");
      case "country" -> Countries.isAlpha3(text) ? Optional.empty() : Optional.of("not_iso_3166_alpha_3");
      default -> Optional.empty();
    };
  }
}
