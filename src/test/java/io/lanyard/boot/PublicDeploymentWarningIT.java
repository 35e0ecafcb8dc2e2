package io.lanyard.boot;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.lanyard.testing.FakeCaptchaProvider;
import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.TestApp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A public deployment ({@code http.publicUrl} set) without a CAPTCHA says so once at start (docs/security.md#mail-limits);
 * with one, or on a private deployment, it says nothing of the kind.
 */
class PublicDeploymentWarningIT {

  private final Logger bootLogger = (Logger) LoggerFactory.getLogger("io.lanyard.boot");
  private final ListAppender<ILoggingEvent> logged = new ListAppender<>();

  @BeforeEach
  void captureLog() {
    logged.start();
    bootLogger.addAppender(logged);
  }

  @AfterEach
  void detachLog() {
    bootLogger.detachAppender(logged);
  }

  @Test
  void aPublicDeploymentWithoutACaptchaWarnsOnce() {
    try (TestApp app = OidcProviderApp.start(Map.of())) {
      assertThat(warnings()).hasSize(1);
      assertThat(warnings().get(0).getLevel()).isEqualTo(Level.WARN);
      assertThat(warnings().get(0).getFormattedMessage()).contains("http.publicUrl", "captcha.provider",
        "LANYARD_CAPTCHA_PROVIDER");
    }
  }

  @Test
  void aCaptchaOrAPrivateDeploymentSaysNothing() {
    try (FakeCaptchaProvider captcha = new FakeCaptchaProvider();
         TestApp withCaptcha = OidcProviderApp.start(Map.of("LANYARD_CAPTCHA_PROVIDER", "turnstile",
           "LANYARD_CAPTCHA_SECRET", FakeCaptchaProvider.SECRET, "LANYARD_CAPTCHA_VERIFY_URL", captcha.url()));
         TestApp privateOne = TestApp.start(Map.of())) {
      assertThat(withCaptcha.port()).isPositive();
      assertThat(privateOne.port()).isPositive();
      assertThat(warnings()).isEmpty();
    }
  }

  private List<ILoggingEvent> warnings() {
    return logged.list.stream().filter(event -> event.getFormattedMessage().startsWith("No CAPTCHA on a public deployment"))
      .toList();
  }
}
