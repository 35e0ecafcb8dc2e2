package io.lanyard.boot;

import io.lanyard.testing.LogCapture;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The service at start: a risky setting no deployment can mean stops it with one line naming it; others get one WARN each. */
class RiskySettingsStartIT extends SharedServiceFixture {

  @Test
  void aBcryptCostThisMachineCannotServeStopsTheStartNamingIt() {
    assertThatThrownBy(() -> TestApp.start(Map.of("LANYARD_BCRYPT_COST", "31")))
      .hasMessageContaining("Invalid setting security.bcryptCost (LANYARD_BCRYPT_COST): 31 takes about")
      .hasMessageNotContaining("\n");
  }

  @Test
  void trustingEveryAddressStopsTheStartNamingIt() {
    assertThatThrownBy(() -> TestApp.start(Map.of("LANYARD_HTTP_TRUSTED_PROXIES", "0.0.0.0/0")))
      .hasMessageContaining("Invalid setting http.trustedProxies (LANYARD_HTTP_TRUSTED_PROXIES): 0.0.0.0/0 trusts every address");
  }

  @Test
  void tokensWithoutALimitAndAnSmtpPasswordInClearEachGetOneWarningAndTheServiceServes() {
    List<String> lines;
    try (LogCapture log = LogCapture.of(Lanyard.class.getName());
         TestApp risky = TestApp.start(Map.of("LANYARD_JWT_MAX_TTL", "-1", "LANYARD_SMTP_TLS", "none",
           "LANYARD_SMTP_HOST", "192.0.2.25", "LANYARD_SMTP_PASSWORD", "the-smtp-password"))) {
      assertThat(risky.http().get("/_healthCheck").status()).isEqualTo(200);
      lines = log.lines();
    }

    assertThat(lines.stream().filter(line -> line.startsWith("WARN jwt.maxTtl (LANYARD_JWT_MAX_TTL) is -1"))).hasSize(1);
    assertThat(lines.stream().filter(line -> line.startsWith("WARN smtp.tls (LANYARD_SMTP_TLS) is none"))).hasSize(1);
    assertThat(lines).noneMatch(line -> line.contains("the-smtp-password"));
  }
}
