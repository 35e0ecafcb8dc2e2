package io.lanyard.model.accounts;

import java.util.regex.Pattern;

/**
 * The fair and the session an account comes from ({@code fromSalon}, {@code fromSessionSalon}): slugs, as a fair's systems
 * name them ({@code salon-2026}, {@code salon-2026-spring}), never free text (docs/decisions.md §7). Anyone may type them into a
 * creation request, so they stay out of mail text; a slug still goes into an operator's link URL ({@code {fromSalon}},
 * URL-encoded).
 */
public final class FairNames {

  /** The reason of {@code data.errors} (190) and of an import's reject report. */
  public static final String INVALID_SLUG = "invalid_slug";

  private static final Pattern SLUG = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  private FairNames() {
  }

  public static boolean isSlug(String value) {
    return SLUG.matcher(value).matches();
  }
}
