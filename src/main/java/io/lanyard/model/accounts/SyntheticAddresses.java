package io.lanyard.model.accounts;

import java.util.List;
import java.util.Locale;

/**
 * Which addresses are synthetic accounts of a load test (docs/decisions.md §10, {@code loadTest.domains}): those whose domain is one
 * of the list or a subdomain of one. They go through every route like any other; their mail is kept unsent, they are marked
 * in the database and counted apart in the metrics.
 */
public final class SyntheticAddresses {

  private final List<String> domains;

  private SyntheticAddresses(List<String> domains) {
    this.domains = List.copyOf(domains);
  }

  /** @param domains lower-case domains, as {@code loadTest.domains} holds them */
  public static SyntheticAddresses of(List<String> domains) {
    return new SyntheticAddresses(domains);
  }

  /** No address is synthetic. */
  public static SyntheticAddresses none() {
    return new SyntheticAddresses(List.of());
  }

  public List<String> domains() {
    return domains;
  }

  /** @param email an address, normalised or not; anything that is not an address is not synthetic */
  public boolean matches(String email) {
    if (email == null || domains.isEmpty()) {
      return false;
    }
    int at = email.lastIndexOf('@');
    if (at < 0) {
      return false;
    }
    String domain = email.substring(at + 1).trim().toLowerCase(Locale.ROOT);
    for (String synthetic : domains) {
      if (domain.equals(synthetic) || domain.endsWith("." + synthetic)) {
        return true;
      }
    }
    return false;
  }
}
