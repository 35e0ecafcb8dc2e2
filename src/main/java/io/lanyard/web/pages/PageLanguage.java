package io.lanyard.web.pages;

import io.lanyard.model.accounts.Languages;

import java.util.Locale;
import java.util.Optional;

/**
 * Which language a page speaks: the one the person chose with the switch, else the account's, else the best of the browser's
 * {@code Accept-Language} that we speak, else British English.
 */
public final class PageLanguage {

  static final String ENGLISH = "eng-GB";
  static final String FRENCH = "fre-FR";

  private PageLanguage() {
  }

  static String choose(String chosen, Optional<String> account, String acceptLanguage) {
    if (Languages.isSupported(chosen)) {
      return chosen;
    }
    if (account.filter(Languages::isSupported).isPresent()) {
      return account.get();
    }
    return fromAcceptLanguage(acceptLanguage).orElse(ENGLISH);
  }

  /** {@code fr-CA, en;q=0.8}: the highest-weighted French or English range, the first of equal weight. */
  static Optional<String> fromAcceptLanguage(String header) {
    if (header == null || header.isBlank()) {
      return Optional.empty();
    }
    String best = null;
    double bestWeight = 0;
    for (String range : header.split(",")) {
      String[] parts = range.trim().split(";");
      String language = ours(parts[0].trim().toLowerCase(Locale.ROOT));
      double weight = weight(parts);
      if (language != null && weight > bestWeight) {
        best = language;
        bestWeight = weight;
      }
    }
    return Optional.ofNullable(best);
  }

  private static String ours(String tag) {
    String primary = tag.split("-")[0];
    return switch (primary) {
      case "fr" -> FRENCH;
      case "en" -> ENGLISH;
      default -> null;
    };
  }

  private static double weight(String[] parts) {
    for (int i = 1; i < parts.length; i++) {
      String parameter = parts[i].trim();
      if (parameter.startsWith("q=")) {
        try {
          return Double.parseDouble(parameter.substring(2));
        } catch (NumberFormatException e) {
          return 0;
        }
      }
    }
    return 1;
  }

  /** The {@code lang} attribute of HTML (BCP 47) for one of our languages. */
  public static String htmlTag(String language) {
    return FRENCH.equals(language) ? "fr" : "en-GB";
  }

  static String other(String language) {
    return FRENCH.equals(language) ? ENGLISH : FRENCH;
  }
}
