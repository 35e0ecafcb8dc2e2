package io.lanyard.model.applications;

import java.util.Locale;
import java.util.Set;

/** ISO 3166-1 alpha-3 country codes: the full list the JDK carries, not a pattern of three letters. */
public final class Countries {

  private static final Set<String> ALPHA_3 = Set.copyOf(Locale.getISOCountries(Locale.IsoCountryCode.PART1_ALPHA3));

  private Countries() {
  }

  /** @param code an upper-case code such as {@code FRA} */
  public static boolean isAlpha3(String code) {
    return ALPHA_3.contains(code);
  }
}
