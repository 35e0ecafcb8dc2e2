package io.lanyard.model.accounts;

import java.util.Locale;

/**
 * Account states: {@code pending} (created by link, no password yet), {@code active}, {@code disabled}, {@code deleted} (erased:
 * the row holds nothing personal any more). Only active logs in.
 */
public enum UserStatus {
  PENDING, ACTIVE, DISABLED, DELETED;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static UserStatus fromWire(String value) {
    return valueOf(value.toUpperCase(Locale.ROOT));
  }
}
