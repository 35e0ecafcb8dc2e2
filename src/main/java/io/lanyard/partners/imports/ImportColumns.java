package io.lanyard.partners.imports;

import io.lanyard.model.applications.ProfileFields;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The columns of an import file: the account's ({@code email, language, fromSalon, fromSessionSalon}, all required, and
 * {@code passwordHash}), and the profile fields (those a third party may modify, and the mobile phone, which only an import
 * can set).
 */
public final class ImportColumns {

  public static final String EMAIL = "email";
  public static final String LANGUAGE = "language";
  public static final String FROM_SALON = "fromSalon";
  public static final String FROM_SESSION_SALON = "fromSessionSalon";
  public static final String PASSWORD_HASH = "passwordHash";

  public static final List<String> REQUIRED = List.of(EMAIL, LANGUAGE, FROM_SALON, FROM_SESSION_SALON);
  /** Profile columns: the modifiable profile fields but the language (an account column here), and the mobile phone. */
  public static final List<String> PROFILE = profileColumns();
  public static final List<String> ALL = allColumns();

  private static final Map<String, String> BY_LOWER_CASE = byLowerCase();

  private ImportColumns() {
  }

  /** The column a header names, matched whatever its case ({@code FromSalon} is {@code fromSalon}). */
  public static Optional<String> named(String header) {
    return Optional.ofNullable(BY_LOWER_CASE.get(header.trim().toLowerCase(Locale.ROOT)));
  }

  private static List<String> profileColumns() {
    List<String> columns = new ArrayList<>(ProfileFields.MODIFIABLE);
    columns.remove(LANGUAGE);
    columns.addAll(ProfileFields.READ_ONLY);
    return Collections.unmodifiableList(columns);
  }

  private static List<String> allColumns() {
    List<String> columns = new ArrayList<>(REQUIRED);
    columns.add(PASSWORD_HASH);
    columns.addAll(PROFILE);
    return Collections.unmodifiableList(columns);
  }

  private static Map<String, String> byLowerCase() {
    Map<String, String> names = new HashMap<>();
    ALL.forEach(column -> names.put(column.toLowerCase(Locale.ROOT), column));
    return Map.copyOf(names);
  }
}
