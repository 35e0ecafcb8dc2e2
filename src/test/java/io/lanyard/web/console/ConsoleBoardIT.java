package io.lanyard.web.console;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Browser;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fair's live board in a real browser: activity made through the API (sign-ups, refused logins up to a lockout, a 429)
 * reaches the board's charts and table once the instance has added its counts (every second here, not every minute), and the
 * page passes axe-core at a phone's width, in English and French (the live page but for its timed reload, which a link on it
 * turns off). Who may not see it is checked in {@link ConsoleAccessIT}.
 */
class ConsoleBoardIT {

  private static final String DESK = "desk-7@fair.example";
  private static final String VISITOR = "visitor@example.com";
  private static final String CREATE = "/_plugin/Vendor/user/createWithPassword";
  private static final int HOUR = 2;

  private static TestApp app;
  private static String issuer;
  private final TestDb db = TestDb.get();

  @BeforeAll
  static void startService() {
    app = OidcProviderApp.start(Map.of("LANYARD_METRICS_BOARD_INTERVAL", "1s", "LANYARD_LOCKOUT_FAILURES", "3"));
    issuer = OidcProviderApp.issuer(app);
  }

  @AfterAll
  static void stopService() {
    app.close();
  }

  @Test
  void theLastHoursSignUpsRefusalsLockoutsAnd429sAreDrawnAndTabulated() {
    db.truncate();
    Accounts.createActive(app, DESK);
    Cli.run("staff", "grant", DESK, "--role", "desk");
    Fixtures.App fair = Fixtures.lifecycleApp(app, "fair");
    for (String email : List.of(VISITOR, "other@example.com")) {
      Http.Response created = app.http().post(CREATE, Fixtures.creation(email, fair.token(), Accounts.PASSWORD, false));
      assertThat(created.status()).withFailMessage(created.pretty()).isEqualTo(200);
    }
    for (int i = 0; i < 3; i++) {
      assertThat(Accounts.loginStatus(app, VISITOR, "not the password")).isEqualTo(401);
    }
    assertThat(Accounts.loginStatus(app, VISITOR, Accounts.PASSWORD)).isEqualTo(429);

    try (Browser browser = Browser.start(Browser.PHONE, "en-GB,en")) {
      signIn(browser);
      browser.awaitHeading("Find an account");
      browser.clickAndAwaitNextPage(By.linkText("Live board"));
      browser.awaitHeading("The fair's live board");
      // the staff member's own sign-in on the login page is the hour's one login
      Eventually.until(() -> {
        browser.open(issuer + "/console/board");
        return lastHour(browser, "logins").equals("1") && lastHour(browser, "refusals").equals("3");
      }, Duration.ofSeconds(20), "the instance's counts on the board");

      assertThat(lastHour(browser, "signups")).isEqualTo("3"); // the staff account and the two visitors
      assertThat(lastHour(browser, "lockouts")).isEqualTo("1");
      assertThat(lastHour(browser, "throttled")).isEqualTo("1");
      assertThat(lastHour(browser, "unavailable")).isEqualTo("0");
      assertThat(browser.find(By.cssSelector("#figures-refusals th")).getText()).isEqualTo("Refused logins (wrong or missing password)");
      assertThat(svgText(browser, "svg-title-refusals")).isEqualTo("Refused logins (wrong or missing password)");
      assertThat(svgText(browser, "svg-desc-refusals")).startsWith("3 in the last hour");
      assertThat(browser.find(By.id("summary-refusals")).getText()).startsWith("3 in the last hour");
      assertThat(browser.findAll(By.cssSelector("#chart-refusals + p + svg rect.bar"))).isNotEmpty();
      assertThat(browser.findAll(By.cssSelector("section[aria-labelledby=chart-unavailable] rect.bar"))).isEmpty();
      assertThat(browser.findAll(By.cssSelector("meta[http-equiv=refresh]")).get(0).getAttribute("content")).isEqualTo("60");
      // axe refuses every timed refresh; WCAG 2.2.1 is met by the link that turns it off, first in the page, which axe cannot see
      assertThat(browser.accessibilityViolations()).singleElement().asString().startsWith("critical meta-refresh:");
      assertThat(browser.scrollsSideways()).isFalse();
      browser.screenshot("console-board-en");

      browser.clickAndAwaitNextPage(By.linkText("Stop reloading this page"));

      assertThat(browser.currentUrl()).isEqualTo(issuer + "/console/board/still");
      assertThat(browser.findAll(By.cssSelector("meta[http-equiv=refresh]"))).isEmpty();
      assertThat(lastHour(browser, "refusals")).isEqualTo("3");
      assertThat(browser.accessibilityViolations()).isEmpty();
      assertThat(browser.scrollsSideways()).isFalse();
      assertThat(browser.findAll(By.linkText("Reload this page every minute"))).hasSize(1);
    }
    try (Browser browser = Browser.start(Browser.DESKTOP, "fr-FR,fr")) {
      signIn(browser);
      browser.awaitHeading("Trouver un compte");

      browser.clickAndAwaitNextPage(By.linkText("Tableau en direct"));

      browser.awaitHeading("Le salon en direct");
      assertThat(browser.find(By.cssSelector("#figures-refusals th")).getText()).startsWith("Connexions refusées");
      browser.clickAndAwaitNextPage(By.linkText("Ne plus recharger cette page"));
      browser.awaitHeading("Le salon en direct");
      assertThat(browser.accessibilityViolations()).isEmpty();
      browser.screenshot("console-board-fr");
    }
  }

  private static void signIn(Browser browser) {
    browser.open(issuer + "/console/");
    browser.find(By.id("email")).sendKeys(DESK);
    browser.find(By.id("password")).sendKeys(Accounts.PASSWORD);
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));
  }

  /** The table's figure of the last hour for one series. */
  private static String lastHour(Browser browser, String series) {
    return browser.findAll(By.cssSelector("#figures-" + series + " td")).get(HOUR).getText();
  }

  /** The text of an SVG title or description, never shown, so neither waited for as visible nor given by getText(). */
  private static String svgText(Browser browser, String id) {
    return browser.findAll(By.id(id)).get(0).getAttribute("textContent");
  }
}
