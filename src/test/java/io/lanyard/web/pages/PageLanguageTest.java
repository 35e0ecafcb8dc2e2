package io.lanyard.web.pages;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class PageLanguageTest {

  @Test
  void theSwitchWinsThenTheAccountThenTheBrowser() {
    assertThat(PageLanguage.choose("eng-GB", Optional.of("fre-FR"), "fr")).isEqualTo("eng-GB");
    assertThat(PageLanguage.choose("", Optional.of("fre-FR"), "en")).isEqualTo("fre-FR");
    assertThat(PageLanguage.choose("klingon", Optional.empty(), "fr-CA,en;q=0.5")).isEqualTo("fre-FR");
    assertThat(PageLanguage.choose("", Optional.of("deu-DE"), "")).isEqualTo("eng-GB");
  }

  @Test
  void acceptLanguageIsReadByWeight() {
    assertThat(PageLanguage.fromAcceptLanguage("de, fr;q=0.4, en;q=0.8")).contains("eng-GB");
    assertThat(PageLanguage.fromAcceptLanguage("de, fr;q=0.9, en;q=0.8")).contains("fre-FR");
    assertThat(PageLanguage.fromAcceptLanguage("de, *;q=0.1")).isEmpty();
    assertThat(PageLanguage.fromAcceptLanguage("fr;q=abc, en;q=0")).isEmpty();
  }
}
