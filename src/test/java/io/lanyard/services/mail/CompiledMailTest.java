package io.lanyard.services.mail;

import io.lanyard.model.accounts.Languages;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class CompiledMailTest {

  private final CompiledMail template = CompiledMail.compile(new MailTemplate("app", MailKind.ACCOUNT_LINK, "eng-GB",
    "Join {{salon}}", "Hi {{firstname}} <{{email}}>: {{link}} [{{unknown}}]",
    Optional.of("<a href=\"{{link}}\">{{salon}}</a> for {{email}}")));

  @Test
  void fillsEveryPlaceholderAndUnknownOnesRenderEmpty() {
    RenderedMail mail = template.render("ann@example.com",
      Map.of("link", "https://x.example/?t=1&u=2", "email", "ann@example.com", "firstname", "Ann", "salon", "Expo"));

    assertThat(mail.recipient()).isEqualTo("ann@example.com");
    assertThat(mail.kind()).isEqualTo(MailKind.ACCOUNT_LINK);
    assertThat(mail.subject()).isEqualTo("Join Expo");
    assertThat(mail.text()).isEqualTo("Hi Ann <ann@example.com>: https://x.example/?t=1&u=2 []");
    assertThat(mail.html().orElseThrow()).contains("&amp;u").contains(">Expo</a> for ann@example.com");
  }

  @Test
  void escapesValuesInHtmlOnly() {
    RenderedMail mail = template.render("a@b.example",
      Map.of("link", "l", "email", "a@b.example", "firstname", "", "salon", "<img src=x onerror='y'>\"&"));

    assertThat(mail.html().orElseThrow()).contains("&lt;img").doesNotContain("<img");
    assertThat(mail.subject()).isEqualTo("Join <img src=x onerror='y'>\"&");
  }

  @Test
  void subjectNeverCarriesALineBreak() {
    RenderedMail mail = template.render("a@b.example",
      Map.of("link", "l", "email", "e", "firstname", "", "salon", "Expo\r\nBcc: victim@example.com"));

    assertThat(mail.subject()).doesNotContain("\n").doesNotContain("\r");
  }

  @Test
  void everyKindHasBuiltInTemplatesInEveryLanguageThatCarryTheirLink() {
    BuiltinTemplates builtins = BuiltinTemplates.load();

    for (String language : Languages.SUPPORTED) {
      for (MailKind kind : MailKind.values()) {
        RenderedMail mail = builtins.get(kind, language).render("ann@example.com",
          Map.of("link", "https://fair.example/x?token=T0KEN", "email", "ann@example.com", "firstname", "Ann",
            "newEmail", "new@example.com"));
        assertThat(mail.subject()).as(kind + " " + language).isNotBlank();
        assertThat(mail.html()).as(kind + " " + language).isPresent();
        boolean carriesLink = kind == MailKind.ACCOUNT_LINK || kind == MailKind.PASSWORD_RESET || kind == MailKind.EMAIL_CHANGE;
        assertThat(mail.text().contains("https://fair.example/x?token=T0KEN")).as(kind + " " + language).isEqualTo(carriesLink);
      }
    }
  }
}
