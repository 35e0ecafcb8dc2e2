package io.lanyard.web.pages;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The CAPTCHA widget the "forgot password" page carries when a provider is configured (docs/decisions.md §7): the provider's own
 * script, its element with the public site key, the form field the widget fills in (sent on as {@code captchaToken}), and the
 * origins the page's CSP must allow for it, as each provider documents them.
 *
 * @param scriptUrl the provider's script, {@code {hl}} standing for the page's language where the provider takes one
 * @param elementClass the class of the element the script turns into the widget
 * @param responseField the form field holding the widget's answer
 */
public record CaptchaWidget(String siteKey, String scriptUrl, String elementClass, String responseField,
                            List<String> scriptSources, List<String> frameSources, List<String> styleSources,
                            List<String> connectSources) {

  private static final List<String> HCAPTCHA = List.of("https://hcaptcha.com", "https://*.hcaptcha.com");
  private static final List<String> CLOUDFLARE = List.of("https://challenges.cloudflare.com");

  /** The widget of {@code provider} ({@code turnstile}, {@code hcaptcha}, {@code recaptcha}); empty for any other. */
  public static Optional<CaptchaWidget> of(String provider, String siteKey) {
    return switch (provider) {
      case "turnstile" -> Optional.of(new CaptchaWidget(siteKey,
        "https://challenges.cloudflare.com/turnstile/v0/api.js", "cf-turnstile", "cf-turnstile-response",
        CLOUDFLARE, CLOUDFLARE, List.of(), List.of()));
      case "hcaptcha" -> Optional.of(new CaptchaWidget(siteKey, "https://js.hcaptcha.com/1/api.js?hl={hl}", "h-captcha",
        "h-captcha-response", HCAPTCHA, HCAPTCHA, HCAPTCHA, HCAPTCHA));
      case "recaptcha" -> Optional.of(new CaptchaWidget(siteKey, "https://www.google.com/recaptcha/api.js?hl={hl}",
        "g-recaptcha", "g-recaptcha-response",
        List.of("https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"),
        List.of("https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"), List.of(), List.of()));
      default -> Optional.empty();
    };
  }

  /** What {@code form.mustache} shows for it, in a page of {@code language}, with the error said next to it, if any. */
  Map<String, Object> model(String language, Optional<String> error) {
    String hl = language.startsWith("fre") ? "fr" : "en";
    Map<String, Object> model = new HashMap<>();
    model.put("siteKey", siteKey);
    model.put("scriptUrl", scriptUrl.replace("{hl}", hl));
    model.put("elementClass", elementClass);
    model.put("hl", hl);
    model.put("invalid", error.isPresent());
    error.ifPresent(message -> model.put("error", message));
    return model;
  }
}
