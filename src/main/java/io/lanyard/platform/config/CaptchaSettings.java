package io.lanyard.platform.config;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code captcha} settings (docs/decisions.md §7): a provider, its secret from the environment, and the siteverify URL the
 * provider documents, unless one is given (a test's fake provider, a proxy).
 */
final class CaptchaSettings {

  static final String SECRET_ENV = "LANYARD_CAPTCHA_SECRET";

  private static final Map<String, String> VERIFY_URLS = Map.of(
    "turnstile", "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    "hcaptcha", "https://api.hcaptcha.com/siteverify",
    "recaptcha", "https://www.google.com/recaptcha/api/siteverify");

  private CaptchaSettings() {
  }

  static LanyardConfig.Captcha read(ConfigReader settings, Map<String, String> env) {
    String provider = settings.oneOf("captcha.provider");
    Optional<Secret> secret = Secrets.secret(env, SECRET_ENV);
    Optional<String> verifyUrl = settings.optionalText("captcha.verifyUrl");
    // read, and so checked, whether or not a provider is set: a bad value waiting in the file fails now, not when one is
    Optional<String> siteKey = settings.optionalText("captcha.siteKey");
    List<String> hostnames = settings.hostnames("captcha.hostnames");
    if (provider.equals(LanyardConfig.Captcha.NONE)) {
      return new LanyardConfig.Captcha(provider, Optional.empty(), "", Optional.empty(), settings.duration("captcha.timeout"),
        List.of());
    }
    if (secret.isEmpty()) {
      throw new ConfigException("Invalid setting captcha.provider (LANYARD_CAPTCHA_PROVIDER): " + provider + " needs its secret "
        + "key in " + SECRET_ENV + " or " + SECRET_ENV + Secrets.FILE_SUFFIX);
    }
    verifyUrl.ifPresent(url -> {
      if (!url.startsWith("https://") && !url.startsWith("http://127.0.0.1") && !url.startsWith("http://localhost")) {
        throw new ConfigException("Invalid setting captcha.verifyUrl (LANYARD_CAPTCHA_VERIFY_URL): expected an https URL "
          + "(http only for localhost), got \"" + url + "\"");
      }
    });
    return new LanyardConfig.Captcha(provider, secret, verifyUrl.orElse(VERIFY_URLS.get(provider)),
      siteKey, settings.duration("captcha.timeout"), hostnames);
  }
}
