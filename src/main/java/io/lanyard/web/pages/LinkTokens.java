package io.lanyard.web.pages;

import java.util.regex.Pattern;

/**
 * The shape of a link token in a page's address: base64url, as {@code SecretTokens} makes them (43 characters). Anything else
 * is a link cut short or mangled by a mail client, and gets a page saying so, without a database lookup.
 */
final class LinkTokens {

  private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_-]{32,128}");

  private LinkTokens() {
  }

  static boolean isWellFormed(String token) {
    return token != null && SHAPE.matcher(token).matches();
  }
}
