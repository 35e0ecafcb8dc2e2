package io.lanyard.web.pages;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Browser;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.SharedServiceFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

import static io.lanyard.testing.HostedPagesFixture.FAIR_NAME;
import static io.lanyard.testing.HostedPagesFixture.fairUsingHostedPages;
import static io.lanyard.testing.HostedPagesFixture.linkIn;
import static io.lanyard.testing.HostedPagesFixture.signUp;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The activation page in a real browser (headless Chromium), as a person uses it: the link from the mail GreenMail received,
 * the keyboard, the outcome, then a login through the API with the password chosen. Every page passes axe-core.
 */
class ActivatePageIT extends SharedServiceFixture {

  private static final String PASSWORD = "a long password";

  private static Browser browser;

  private Fixtures.App fair;

  @BeforeAll
  static void startBrowser() {
    browser = Browser.start(Browser.DESKTOP, "en-GB,en");
  }

  @AfterAll
  static void stopBrowser() {
    browser.close();
  }

  @BeforeEach
  void fairWithHostedLinks() {
    browser.forgetCookies();
    fair = fairUsingHostedPages(app);
  }

  @Test
  void aPersonChoosesAPasswordWithTheKeyboardAloneAndLogsIn() throws Exception {
    signUp(app, fair, "ann@example.com", "eng-GB");

    browser.open(linkIn(smtp.awaitMessages(1).get(0)));
    browser.awaitHeading("Choose your password");
    assertThat(browser.find(By.id("password-rules")).getText()).contains("at least 8 characters");
    assertThat(browser.find(By.className("application")).getText()).isEqualTo(FAIR_NAME);
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.screenshot("activate");
    browser.focused().sendKeys(Keys.TAB);          // the language switch comes first, then the password
    browser.focused().sendKeys(Keys.TAB);
    assertThat(browser.focused().getAttribute("id")).isEqualTo("password");
    browser.focused().sendKeys(PASSWORD, Keys.TAB);
    browser.typeAndAwaitNextPage(PASSWORD, Keys.ENTER);

    browser.awaitHeading("Your account is ready");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.screenshot("activate-done");
    assertThat(Accounts.loginStatus(app, "ann@example.com", PASSWORD)).isEqualTo(200);
  }

  @Test
  void mismatchedThenTooShortPasswordsAreSaidNextToTheirFieldUntilRight() throws Exception {
    signUp(app, fair, "ann@example.com", "eng-GB");
    browser.open(linkIn(smtp.awaitMessages(1).get(0)));

    submit(PASSWORD, "another password");

    browser.awaitHeading("Choose your password");
    assertThat(browser.title()).startsWith("Error:");
    assertThat(browser.find(By.id("confirmation-error")).getText()).contains("The two passwords are not the same");
    WebElement confirmation = browser.find(By.id("confirmation"));
    assertThat(confirmation.getAttribute("aria-invalid")).isEqualTo("true");
    assertThat(confirmation.getAttribute("aria-describedby")).contains("confirmation-error");
    assertThat(browser.focused().getAttribute("id")).isEqualTo("password");
    assertThat(browser.find(By.cssSelector(".error-summary[role=alert]")).getText()).contains("not the same");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.screenshot("activate-mismatch");

    submit("short", "short");

    assertThat(browser.find(By.id("password-error")).getText()).contains("at least 8 characters");
    assertThat(browser.findAll(By.id("confirmation-error"))).isEmpty();
    assertThat(Accounts.loginStatus(app, "ann@example.com", "short")).isEqualTo(401);

    submit(PASSWORD, PASSWORD);

    browser.awaitHeading("Your account is ready");
    assertThat(Accounts.loginStatus(app, "ann@example.com", PASSWORD)).isEqualTo(200);
  }

  @Test
  void anExpiredLinkLeadsToANewOne() throws Exception {
    signUp(app, fair, "ann@example.com", "eng-GB");
    String link = linkIn(smtp.awaitMessages(1).get(0));
    db.query("UPDATE account_links SET expires_at = now() - interval '1 second'");

    browser.open(link);

    browser.awaitHeading("This link no longer works");
    assertThat(browser.find(By.tagName("main")).getText()).contains("ask for a new link with the same e-mail address");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.screenshot("activate-expired");
    browser.clickAndAwaitNextPage(By.linkText("Ask for a new link"));
    browser.awaitHeading("Forgotten your password?");
    browser.find(By.id("email")).sendKeys("ann@example.com");
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));
    browser.awaitHeading("Check your e-mail");

    browser.open(linkIn(smtp.awaitMessages(2).get(1)));

    browser.awaitHeading("Choose your password");
  }

  @Test
  void aUsedLinkShowsTheSamePageAsAnExpiredOne() throws Exception {
    signUp(app, fair, "ann@example.com", "eng-GB");
    String link = linkIn(smtp.awaitMessages(1).get(0));
    browser.open(link);
    submit(PASSWORD, PASSWORD);
    browser.awaitHeading("Your account is ready");

    browser.open(link);

    browser.awaitHeading("This link no longer works");
  }

  @Test
  void aFrenchAccountReadsFrenchOnAPhoneAndCanSwitchToEnglish() throws Exception {
    signUp(app, fair, "anne@example.fr", "fre-FR");
    String link = linkIn(smtp.awaitMessages(1).get(0));

    try (Browser phone = Browser.start(Browser.PHONE, "en-GB,en")) {
      phone.open(link);

      phone.awaitHeading("Choisissez votre mot de passe");
      assertThat(phone.htmlLang()).isEqualTo("fr");
      assertThat(phone.viewportWidth()).isEqualTo(360);
      assertThat(phone.scrollsSideways()).isFalse();
      assertThat(phone.accessibilityViolations()).isEmpty();
      phone.screenshot("activate-phone-fre-FR");

      phone.clickAndAwaitNextPage(By.linkText("English"));

      phone.awaitHeading("Choose your password");
      assertThat(phone.htmlLang()).isEqualTo("en-GB");
      phone.find(By.id("password")).sendKeys(PASSWORD);
      phone.find(By.id("confirmation")).sendKeys(PASSWORD);
      phone.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));
      phone.awaitHeading("Your account is ready");
      assertThat(phone.scrollsSideways()).isFalse();
    }
    assertThat(Accounts.loginStatus(app, "anne@example.fr", PASSWORD)).isEqualTo(200);
  }

  @Test
  void refusalPagesSayWhatToDoAndPassAxeToo() {
    String base = "http://127.0.0.1:" + app.port() + "/account/";

    browser.open(base + "activate?token=cut-sh0rt");
    browser.awaitHeading("This link is incomplete");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.open(base + "nowhere");
    browser.awaitHeading("Page not found");
    assertThat(browser.accessibilityViolations()).isEmpty();
  }

  private void submit(String password, String confirmation) {
    WebElement passwordField = browser.find(By.id("password"));
    passwordField.clear();
    passwordField.sendKeys(password);
    WebElement confirmationField = browser.find(By.id("confirmation"));
    confirmationField.clear();
    confirmationField.sendKeys(confirmation);
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));
  }
}
