package io.lanyard.web.pages;

import io.lanyard.testing.Browser;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.util.Map;

import static io.lanyard.testing.HostedPagesFixture.fairUsingHostedPages;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The "too many attempts" page in a real browser: a person sending the forgot form once more than the source's mail rate
 * allows (here one an hour, and the browser's address is not allow-listed) gets a page that says nothing was sent and how
 * long to wait, in words, and passes axe-core like every other page.
 */
class TooManyAttemptsPageIT {

  private static TestApp app;
  private static Browser browser;

  @BeforeAll
  static void start() {
    TestDb.get().truncate();
    app = TestApp.start(Map.of("LANYARD_SOURCE_ALLOWLIST", "", "LANYARD_SOURCE_RATE_MAIL", "1/1h"));
    fairUsingHostedPages(app);
    browser = Browser.start(Browser.PHONE, "fr-FR,fr");
  }

  @AfterAll
  static void stop() {
    browser.close();
    app.close();
  }

  @Test
  void theFormSentOnceTooOftenSaysHowLongToWaitAndPassesAxe() {
    String forgot = "http://127.0.0.1:" + app.port() + "/account/forgot";
    sendForgotForm(forgot, "ann@example.com");
    browser.awaitHeading("Consultez vos e-mails");

    sendForgotForm(forgot, "ann@example.com");

    browser.awaitHeading("Trop de tentatives");
    assertThat(browser.find(By.tagName("main")).getText()).contains("60 minutes");
    assertThat(browser.accessibilityViolations()).isEmpty();
    assertThat(browser.scrollsSideways()).isFalse();
    browser.screenshot("too-many-attempts-phone-fre-FR");
  }

  private static void sendForgotForm(String page, String email) {
    browser.open(page);
    browser.find(By.id("email")).sendKeys(email);
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));
  }
}
