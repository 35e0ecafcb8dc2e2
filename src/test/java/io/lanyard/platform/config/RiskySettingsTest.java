package io.lanyard.platform.config;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Settings valid alone that leave a deployment open or broken: refused at start with one line naming the setting, or warned
 * about with one line each (the lines the service logs at start are {@link RiskySettings#warnings}).
 */
class RiskySettingsTest {

  @Test
  void aDefaultLifetimeAboveTheMaximumIsRefused() {
    assertThatThrownBy(() -> load(Map.of("LANYARD_JWT_DEFAULT_TTL", "24h", "LANYARD_JWT_MAX_TTL", "12h")))
      .isInstanceOf(ConfigException.class)
      .hasMessageStartingWith("Invalid setting jwt.defaultTtl (LANYARD_JWT_DEFAULT_TTL): PT24H is above jwt.maxTtl (PT12H)")
      .hasMessageNotContaining("\n");
  }

  @Test
  void aDefaultLifetimeUpToTheMaximumOrWithNoMaximumIsAccepted() {
    assertThat(load(Map.of("LANYARD_JWT_DEFAULT_TTL", "12h", "LANYARD_JWT_MAX_TTL", "12h")).jwt().defaultTtlMillis())
      .isEqualTo(12 * 3_600_000L);
    assertThat(load(Map.of("LANYARD_JWT_DEFAULT_TTL", "30d", "LANYARD_JWT_MAX_TTL", "-1")).jwt().maxTtlMillis()).isEqualTo(-1);
  }

  @Test
  void trustingEveryAddressAsAProxyIsRefusedForEitherFamily() {
    for (String everyone : new String[] {"0.0.0.0/0", "10.0.0.1, ::/0", "0.0.0.0/00"}) {
      assertThatThrownBy(() -> load(Map.of("LANYARD_HTTP_TRUSTED_PROXIES", everyone))).as(everyone)
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Invalid setting http.trustedProxies (LANYARD_HTTP_TRUSTED_PROXIES): ")
        .hasMessageContaining("trusts every address as a proxy");
    }
    assertThat(load(Map.of("LANYARD_HTTP_TRUSTED_PROXIES", "10.0.0.0/8,2001:db8::/32,192.0.2.10")).http().trustedProxies()
      .everyAddressEntries()).isEmpty();
  }

  @Test
  void aLeewayOfMoreThanFiveMinutesIsRefused() {
    assertThatThrownBy(() -> load(Map.of("LANYARD_JWT_LEEWAY", "1h"))).isInstanceOf(ConfigException.class)
      .hasMessageStartingWith("Invalid setting jwt.leeway (LANYARD_JWT_LEEWAY): PT1H is above 5 minutes");
    assertThat(load(Map.of("LANYARD_JWT_LEEWAY", "5m")).jwt().leeway()).hasMinutes(5);
  }

  @Test
  void aMaximumLifetimeOfZeroOrBelowIsRefusedByItsBoundsAndMinusOneIsWarnedAbout() {
    for (String none : new String[] {"0", "-5", "-1h"}) {
      assertThatThrownBy(() -> load(Map.of("LANYARD_JWT_MAX_TTL", none))).as(none).isInstanceOf(ConfigException.class)
        .hasMessageContaining("jwt.maxTtl");
    }

    assertThat(RiskySettings.warnings(load(Map.of("LANYARD_JWT_MAX_TTL", "-1")))).singleElement().asString()
      .startsWith("jwt.maxTtl (LANYARD_JWT_MAX_TTL) is -1");
    assertThat(RiskySettings.warnings(load(Map.of()))).isEmpty();
  }

  @Test
  void anSmtpPasswordSentInClearOverTheNetworkIsWarnedAbout() {
    Map<String, String> inClear = Map.of("LANYARD_SMTP_HOST", "smtp.fair.example", "LANYARD_SMTP_TLS", "none",
      "LANYARD_SMTP_USERNAME", "fair", "LANYARD_SMTP_PASSWORD", "the-smtp-password");

    assertThat(RiskySettings.warnings(load(inClear))).singleElement().asString()
      .startsWith("smtp.tls (LANYARD_SMTP_TLS) is none while LANYARD_SMTP_PASSWORD is set and smtp.host is smtp.fair.example")
      .doesNotContain("the-smtp-password");
  }

  @Test
  void anSmtpPasswordOverTlsOrToThisHostIsNotWarnedAbout() {
    for (Map<String, String> fine : new Map[] {
      Map.of("LANYARD_SMTP_HOST", "smtp.fair.example", "LANYARD_SMTP_TLS", "starttls", "LANYARD_SMTP_PASSWORD", "p"),
      Map.of("LANYARD_SMTP_HOST", "127.0.0.1", "LANYARD_SMTP_TLS", "none", "LANYARD_SMTP_PASSWORD", "p"),
      Map.of("LANYARD_SMTP_HOST", "localhost", "LANYARD_SMTP_TLS", "none", "LANYARD_SMTP_PASSWORD", "p"),
      Map.of("LANYARD_SMTP_HOST", "smtp.fair.example", "LANYARD_SMTP_TLS", "none")}) {
      assertThat(RiskySettings.warnings(load(fine))).as(fine.toString()).isEmpty();
    }
  }

  private static LanyardConfig load(Map<String, String> env) {
    return ConfigLoader.load(Optional.empty(), env);
  }
}
