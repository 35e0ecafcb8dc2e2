package io.lanyard.mail;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class TemplateRendererTest {

  private final MailTemplate template = new MailTemplate("app", MailKind.ACCOUNT_LINK, "eng-GB",
    "Join {{salon}}", "Hi {{firstname}} <{{email}}>: {{link}} {{unknown}}",
    Optional.of("<a href=\"{{link}}\">{{salon}}</a> for {{email}}"));

  @Test
  void fillsEveryPlaceholderAndLeavesUnknownOnes() {
    RenderedMail mail = TemplateRenderer.render(template, "ann@example.com",
      Map.of("link", "https://x.example/?t=1&u=2", "email", "ann@example.com", "firstname", "Ann", "salon", "Expo"));

    assertThat(mail.recipient()).isEqualTo("ann@example.com");
    assertThat(mail.kind()).isEqualTo(MailKind.ACCOUNT_LINK);
    assertThat(mail.subject()).isEqualTo("Join Expo");
    assertThat(mail.text()).isEqualTo("Hi Ann <ann@example.com>: https://x.example/?t=1&u=2 {{unknown}}");
    assertThat(mail.html()).hasValue("<a href=\"https://x.example/?t=1&amp;u=2\">Expo</a> for ann@example.com");
  }

  @Test
  void escapesValuesInHtmlOnly() {
    RenderedMail mail = TemplateRenderer.render(template, "a@b.example",
      Map.of("link", "l", "email", "a@b.example", "firstname", "", "salon", "<img src=x onerror='y'>\"&"));

    assertThat(mail.html().orElseThrow()).contains("&lt;img src=x onerror=&#39;y&#39;&gt;&quot;&amp;").doesNotContain("<img");
    assertThat(mail.subject()).isEqualTo("Join <img src=x onerror='y'>\"&");
  }

  @Test
  void subjectNeverCarriesALineBreak() {
    RenderedMail mail = TemplateRenderer.render(template, "a@b.example",
      Map.of("link", "l", "email", "e", "firstname", "", "salon", "Expo\r\nBcc: victim@example.com"));

    assertThat(mail.subject()).doesNotContain("\n").doesNotContain("\r");
  }
}
