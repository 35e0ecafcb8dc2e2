package io.lanyard.web.pages;

import java.util.List;

/**
 * The hosted pages' {@code Content-Security-Policy}: no script at all, styles and images from here only, no framing, forms
 * posted here only. The login page runs our own passkey script where passkeys are on, and the console's live board its
 * own ({@link #runningOurScript}). One page may also widen it: the "forgot password" page, when a CAPTCHA is configured,
 * for its provider's widget alone ({@link CaptchaWidget}); every other page keeps the strict policy.
 */
public final class ContentSecurityPolicy {

  public static final String STRICT = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
    + "frame-ancestors 'none'; base-uri 'none'";

  private ContentSecurityPolicy() {
  }

  /**
   * The strict policy, whose forms may also lead to {@code origins}: a sign-in, consent or logout form answers with a redirect
   * to the client's registered URI, and browsers hold a form's redirects to {@code form-action} too.
   */
  static String sendingFormsTo(List<String> origins) {
    return STRICT.replace("form-action 'self'", "form-action 'self' " + sources(origins));
  }

  /**
   * A policy whose page also runs our own script from our origin ({@link PageScript}), which may call our routes (the passkey
   * challenge, the console's board figures): nothing inline, nothing from elsewhere.
   */
  public static String runningOurScript(String policy) {
    return policy.replace("default-src 'none'; ", "default-src 'none'; script-src 'self'; connect-src 'self'; ");
  }

  /** The strict policy, plus the origins a provider's widget loads its script, frame, styles and calls from. */
  static String allowing(CaptchaWidget widget) {
    return "default-src 'none'; "
      + "script-src " + sources(widget.scriptSources()) + "; "
      + "frame-src " + sources(widget.frameSources()) + "; "
      + "style-src 'self'" + more(widget.styleSources()) + "; "
      + "connect-src " + (widget.connectSources().isEmpty() ? "'none'" : sources(widget.connectSources())) + "; "
      + "img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
  }

  private static String sources(List<String> origins) {
    return String.join(" ", origins);
  }

  private static String more(List<String> origins) {
    return origins.isEmpty() ? "" : " " + sources(origins);
  }
}
