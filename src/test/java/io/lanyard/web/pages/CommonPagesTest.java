package io.lanyard.web.pages;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CommonPagesTest {

  private final CommonPages pages = new CommonPages(PageTemplates.load("/account/"));

  @Test
  void waitsAreSaidAsPeopleSayThem() {
    assertThat(pages.wait("eng-GB", 1)).isEqualTo("1 second");
    assertThat(pages.wait("eng-GB", 45)).isEqualTo("45 seconds");
    assertThat(pages.wait("eng-GB", 91)).isEqualTo("2 minutes");
    assertThat(pages.wait("fre-FR", 900)).isEqualTo("15 minutes");
    assertThat(pages.wait("fre-FR", 30)).isEqualTo("30 secondes");
  }

  @Test
  void tooManyAttemptsSaysTheWaitAndSendsIt() {
    Page page = pages.tooManyAttempts("eng-GB", 120);

    assertThat(page.status()).isEqualTo(429);
    assertThat(page.headers()).containsEntry("Retry-After", "120");
    assertThat(PageTemplates.load("/account/").render(page)).contains("Too many attempts", "try again in 2 minutes");
  }
}
