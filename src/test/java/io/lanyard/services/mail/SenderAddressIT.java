package io.lanyard.services.mail;

import io.lanyard.testing.LogCapture;
import io.lanyard.testing.TestApp;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code smtp.from} left at the shipped {@code no-reply@localhost} while mail goes to a real SMTP server: one clear warning at
 * start, naming the setting; none with a sender of the deployment's own, nor for a mail catcher on this host.
 */
class SenderAddressIT {

  private static final String REAL_SMTP = "smtp.fair.example";

  @Test
  void theDefaultSenderWithARealSmtpServerIsWarnedAboutOnceAtStart() throws Exception {
    Map<String, String> env = new HashMap<>();
    env.put("LANYARD_SMTP_HOST", REAL_SMTP);
    env.put("LANYARD_MAIL_FROM", null);

    List<String> warnings = warningsAtStart(env);

    assertThat(warnings).hasSize(1);
    assertThat(warnings.get(0)).startsWith("smtp.from (LANYARD_MAIL_FROM) is still Lanyard <no-reply@localhost> while mail "
      + "goes to smtp.fair.example").contains("SPF and DKIM");
  }

  @Test
  void aSenderOfTheDeploymentsOwnOrAMailCatcherOnThisHostIsNotWarnedAbout() throws Exception {
    Map<String, String> ownSender = Map.of("LANYARD_SMTP_HOST", REAL_SMTP, "LANYARD_MAIL_FROM", "Salon <accounts@fair.example>");
    Map<String, String> catcher = new HashMap<>();
    catcher.put("LANYARD_SMTP_HOST", "localhost");
    catcher.put("LANYARD_MAIL_FROM", null);

    assertThat(warningsAtStart(ownSender)).isEmpty();
    assertThat(warningsAtStart(catcher)).isEmpty();
  }

  private static List<String> warningsAtStart(Map<String, String> env) throws Exception {
    try (LogCapture logs = LogCapture.of(MailModes.class.getName()); TestApp ignored = TestApp.start(env)) {
      return logs.warnings().stream().map(event -> event.getFormattedMessage()).toList();
    }
  }
}
