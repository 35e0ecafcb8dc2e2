package io.lanyard.web.pages;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class CaptchaWidgetTest {

  @Test
  void eachProviderHasItsWidgetItsFieldAndThePolicyItsDocumentationAsksFor() {
    CaptchaWidget turnstile = CaptchaWidget.of("turnstile", "site").orElseThrow();
    CaptchaWidget hcaptcha = CaptchaWidget.of("hcaptcha", "site").orElseThrow();
    CaptchaWidget recaptcha = CaptchaWidget.of("recaptcha", "site").orElseThrow();

    assertThat(turnstile.responseField()).isEqualTo("cf-turnstile-response");
    assertThat(hcaptcha.responseField()).isEqualTo("h-captcha-response");
    assertThat(recaptcha.responseField()).isEqualTo("g-recaptcha-response");
    assertThat(ContentSecurityPolicy.allowing(turnstile)).isEqualTo("default-src 'none'; "
      + "script-src https://challenges.cloudflare.com; frame-src https://challenges.cloudflare.com; style-src 'self'; "
      + "connect-src 'none'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    assertThat(ContentSecurityPolicy.allowing(hcaptcha)).contains(
      "script-src https://hcaptcha.com https://*.hcaptcha.com;", "frame-src https://hcaptcha.com https://*.hcaptcha.com;",
      "style-src 'self' https://hcaptcha.com https://*.hcaptcha.com;", "connect-src https://hcaptcha.com https://*.hcaptcha.com;");
    assertThat(ContentSecurityPolicy.allowing(recaptcha)).contains(
      "script-src https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;",
      "frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/;");
    assertThat(CaptchaWidget.of("none", "site")).isEmpty();
  }

  @Test
  void theWidgetSpeaksThePagesLanguage() {
    Map<String, Object> french = CaptchaWidget.of("hcaptcha", "site").orElseThrow().model("fre-FR", Optional.empty());
    Map<String, Object> english = CaptchaWidget.of("recaptcha", "site").orElseThrow().model("eng-GB", Optional.of("error"));

    assertThat(french).containsEntry("scriptUrl", "https://js.hcaptcha.com/1/api.js?hl=fr").containsEntry("invalid", false);
    assertThat(english).containsEntry("scriptUrl", "https://www.google.com/recaptcha/api.js?hl=en")
      .containsEntry("error", "error").containsEntry("invalid", true);
  }
}
