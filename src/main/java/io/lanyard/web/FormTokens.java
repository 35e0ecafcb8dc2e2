package io.lanyard.web;

import io.lanyard.platform.support.SecretTokens;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The hosted pages' defence against cross-site forms, without server state: a signed double submit. A page's browser gets a
 * random cookie value (HttpOnly, SameSite=Strict) and each form a field holding its HMAC under a key the deployment shares;
 * a POST is ours when the field is the HMAC of the cookie it brings. A site elsewhere can neither read the cookie nor make
 * the field for it, and a strict cookie does not even travel with its forms.
 */
final class FormTokens {

  private static final String ALGORITHM = "HmacSHA256";
  private static final Pattern COOKIE_SHAPE = Pattern.compile("[A-Za-z0-9_-]{43}");
  private static final String PURPOSE = "lanyard-pages-form:";

  private final SecretKeySpec key;

  /** @param key the deployment's shared key (kept in the database), so any instance checks what another issued */
  FormTokens(String key) {
    this.key = new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), ALGORITHM);
  }

  /** A new cookie value for a browser that has none (or a mangled one). */
  String newCookie() {
    return SecretTokens.generate();
  }

  static boolean isCookie(String value) {
    return value != null && COOKIE_SHAPE.matcher(value).matches();
  }

  /** The form field that goes with the cookie value. */
  String fieldFor(String cookie) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(mac(cookie));
  }

  /** Whether a form's field was made for the cookie the browser sent with it (compared in constant time). */
  boolean accepts(String cookie, String field) {
    if (!isCookie(cookie) || field == null) {
      return false;
    }
    return MessageDigest.isEqual(fieldFor(cookie).getBytes(StandardCharsets.US_ASCII),
      field.getBytes(StandardCharsets.US_ASCII));
  }

  private byte[] mac(String cookie) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(key);
      return mac.doFinal((PURPOSE + cookie).getBytes(StandardCharsets.US_ASCII));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every JVM has HmacSHA256", e);
    }
  }
}
