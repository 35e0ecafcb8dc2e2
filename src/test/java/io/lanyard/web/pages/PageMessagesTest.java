package io.lanyard.web.pages;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Both languages say everything, and no template can write a value unescaped or run a script: but for the CAPTCHA provider's
 * widget, which loads the provider's own script (and nothing inline) on the one page whose route requires it.
 */
class PageMessagesTest {

  private static final String CAPTCHA_WIDGET = "captcha.mustache";
  private static final String PROVIDER_SCRIPT = "<script src=\"{{scriptUrl}}\" async defer></script>";
  /** The login page's passkey script: ours, from our origin, the one other script a page may load. */
  private static final String PASSKEY_TEMPLATE = "passkey.mustache";
  private static final String OUR_SCRIPT = "<script src=\"{{script}}\" defer></script>";

  @Test
  void bothLanguagesHaveTheSameMessages() {
    Messages messages = Messages.load();

    assertThat(messages.of("fre-FR").keySet()).isEqualTo(messages.of("eng-GB").keySet());
    assertThat(messages.of("fre-FR").values()).allMatch(text -> !text.isBlank());
  }

  @Test
  void noTemplateWritesAValueUnescaped() throws IOException {
    try (Stream<Path> templates = Files.list(Path.of("src/main/resources/pages/templates"))) {
      templates.forEach(template -> {
        String text = read(template);
        assertThat(text).withFailMessage(template + " writes a value unescaped").doesNotContain("{{{", "{{&");
        if (template.getFileName().toString().equals(CAPTCHA_WIDGET)) {
          assertThat(text).contains(PROVIDER_SCRIPT);
          text = text.replace(PROVIDER_SCRIPT, "");
        }
        if (template.getFileName().toString().equals(PASSKEY_TEMPLATE)) {
          assertThat(text.strip()).isEqualTo(OUR_SCRIPT);
          text = "";
        }
        assertThat(text).withFailMessage(template + " has a script").doesNotContainIgnoringCase("<script")
          .doesNotContainIgnoringCase(" on").doesNotContain("style=");
      });
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
