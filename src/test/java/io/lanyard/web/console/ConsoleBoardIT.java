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
 * reaches the board's charts and table once the instance has added its counts (every second here, not every minute); the
 * board's script brings new figures into the page in place at that interval, stops while paused or hidden, and the page
 * without script is the same figures with a link that reloads it. Every page passes axe-core, every rule at every impact, at
 * a phone's width and a laptop's, in English and French: no timed reload of the page. Who may not see it is checked in
 * {@link ConsoleAccessIT}.
 *
 * <p>On a database of its own: the board adds up every instance on its database, and the run's shared service (other
 * classes' logins and refusals) added its counts to the shared database's board once a minute, at times no test chose, so
 * now and then into this class's figures.
 */
class ConsoleBoardIT {

  private static final String DESK = "desk-7@fair.example";
  private static final String VISITOR = "visitor@example.com";
  private static final String CREATE = "/_plugin/Vendor/user/createWithPassword";
  private static final int HOUR = 2;

  private static TestDb db;
  private static TestApp app;
  private static String issuer;

  @BeforeAll
  static void startService() {
    db = TestDb.create();
    app = OidcProviderApp.start(Map.of("LANYARD_DB_URI", db.uri(), "LANYARD_DB_POOL_SIZE", "4",
      "LANYARD_METRICS_BOARD_INTERVAL", "1s", "LANYARD_LOCKOUT_FAILURES", "3"));
    issuer = OidcProviderApp.issuer(app);
  }

  @AfterAll
  static void stopService() {
    app.close();
  }

  @Test
  void theLastHoursSignUpsRefusalsLockoutsAnd429sAreDrawnAndTabulated() {
    staffMember();
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
      toTheLiveBoard(browser);
      // the staff member's own sign-in on the login page is the hour's one login
      Eventually.until(() -> {
        browser.open(issuer + "/console/board");
        return lastHour(browser, "logins").equals("1") && lastHour(browser, "refusals").equals("3");
      }, Duration.ofSeconds(20), "the instance's counts on the board");
      // paused, so that the script swaps no element the test holds (nothing fetched after the click is shown)
      browser.find(By.id("board-pause")).click();

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
      assertThat(browser.findAll(By.cssSelector("meta[http-equiv=refresh]"))).isEmpty();
      assertThat(browser.everyAccessibilityViolation()).isEmpty();
      assertThat(browser.scrollsSideways()).isFalse();
      browser.screenshot("console-board-en");

      browser.open(issuer + "/console/board/still");

      browser.awaitHeading("The fair's live board");
      assertThat(browser.findAll(By.tagName("script"))).isEmpty();
      assertThat(browser.findAll(By.id("board-pause"))).isEmpty();
      assertThat(lastHour(browser, "refusals")).isEqualTo("3");
      assertThat(browser.everyAccessibilityViolation()).isEmpty();
      assertThat(browser.scrollsSideways()).isFalse();
      browser.clickAndAwaitNextPage(By.linkText("Back to the live board"));
      assertThat(browser.currentUrl()).isEqualTo(issuer + "/console/board");
    }
    try (Browser browser = Browser.start(Browser.DESKTOP, "fr-FR,fr")) {
      signIn(browser);
      browser.awaitHeading("Trouver un compte");

      browser.clickAndAwaitNextPage(By.linkText("Tableau en direct"));

      browser.awaitHeading("Le salon en direct");
      assertThat(browser.find(By.id("board-status")).getText()).matches("Chiffres mis à jour à \\d\\d:\\d\\d UTC\\.");
      assertThat(browser.find(By.id("board-pause")).getText()).isEqualTo("Mettre les mises à jour en pause");
      browser.find(By.id("board-pause")).click();
      assertThat(browser.find(By.id("board-pause")).getText()).isEqualTo("Reprendre les mises à jour");
      assertThat(browser.find(By.id("board-status")).getText()).isEqualTo("Mises à jour en pause.");
      assertThat(browser.find(By.cssSelector("#figures-refusals th")).getText()).startsWith("Connexions refusées");
      assertThat(browser.everyAccessibilityViolation()).isEmpty();
      browser.screenshot("console-board-fr");
      browser.clickAndAwaitNextPage(By.linkText("Actualiser"));
      browser.awaitHeading("Le salon en direct");
    }
  }

  @Test
  void theBoardsScriptBringsNewFiguresInPlaceUntilPausedAndWaitsWhileTheTabIsHidden() {
    staffMember();
    try (Browser browser = Browser.start(Browser.DESKTOP, "en-GB,en")) {
      toTheLiveBoard(browser);
      assertThat(browser.find(By.id("board-live")).getAttribute("data-interval-seconds")).isEqualTo("1");
      assertThat(browser.find(By.id("board-status")).getAttribute("aria-live")).isEqualTo("polite");
      // a mark the page keeps as long as the browser never loads it again; room to count every fetch of the figures
      browser.run("window.sameDocument = true; performance.setResourceTimingBufferSize(100000);");
      assertThat(lastHour(browser, "refusals")).isEqualTo("0");

      refuseALogin("first@example.com");

      Eventually.until(() -> lastHour(browser, "refusals").equals("1"), Duration.ofSeconds(20),
        "the refused login on the board, without reloading it");
      assertThat(browser.run("return window.sameDocument === true;")).isEqualTo(true);
      assertThat(browser.find(By.id("board-status")).getText()).matches("Figures updated at \\d\\d:\\d\\d UTC\\.");

      browser.find(By.id("board-pause")).click();

      browser.run("window.pausedAt = performance.now();"); // a fetch under way at the click started before this
      assertThat(browser.find(By.id("board-pause")).getText()).isEqualTo("Resume updates");
      assertThat(browser.find(By.id("board-status")).getText()).isEqualTo("Updates paused.");
      // the figures swapped in: the chart's description and bar too, and axe-core on the page as the script left it
      assertThat(svgText(browser, "svg-desc-refusals")).startsWith("1 in the last hour");
      assertThat(browser.findAll(By.cssSelector("#chart-refusals + p + svg rect.bar"))).hasSize(1);
      assertThat(browser.findAll(By.cssSelector("meta[http-equiv=refresh]"))).isEmpty();
      assertThat(browser.everyAccessibilityViolation()).isEmpty();
      refuseALogin("second@example.com");
      awaitRefusalsCounted(2);
      waitInThePage(browser, 3); // three intervals, in which a running board would have fetched three times
      assertThat(fetchesStartedBetween(browser, "window.pausedAt", "performance.now()")).isZero();
      assertThat(lastHour(browser, "refusals")).isEqualTo("1");

      browser.find(By.id("board-pause")).click();

      assertThat(browser.find(By.id("board-pause")).getText()).isEqualTo("Pause updates");
      Eventually.until(() -> lastHour(browser, "refusals").equals("2"), Duration.ofSeconds(20), "the figures once resumed");

      // another tab in front hides the board's, which then asks nothing; back in front, it catches up at once
      browser.run("window.visibility = [];"
        + "document.addEventListener('visibilitychange', function () {"
        + "  window.visibility.push({state: document.visibilityState, at: performance.now()}); });");
      browser.openInNewTab("about:blank");
      refuseALogin("third@example.com");
      awaitRefusalsCounted(3);
      browser.closeTab();

      Eventually.until(() -> lastHour(browser, "refusals").equals("3"), Duration.ofSeconds(20), "the figures once shown again");
      assertThat(browser.run("return window.visibility.map(function (change) { return change.state; }).join();"))
        .isEqualTo("hidden,visible");
      assertThat(fetchesStartedBetween(browser, "window.visibility[0].at", "window.visibility[1].at")).isZero();
      assertThat(browser.run("return window.sameDocument === true;")).isEqualTo(true);
    }
  }

  @Test
  void withoutScriptTheBoardIsTheSameFiguresWithALinkThatReloadsIt() {
    staffMember();
    try (Browser browser = Browser.startWithoutScript(Browser.DESKTOP, "en-GB,en")) {
      toTheLiveBoard(browser);
      assertThat(browser.findAll(By.id("board-pause")).get(0).isDisplayed()).isFalse();
      assertThat(browser.find(By.id("board-status")).getText()).matches("Figures updated at \\d\\d:\\d\\d UTC\\.");
      assertThat(browser.findAll(By.cssSelector("meta[http-equiv=refresh]"))).isEmpty();
      // (no axe-core here: it runs as a script of the page's own, which this browser refuses; the same page with its
      // script is checked above)
      refuseALogin("first@example.com");
      awaitRefusalsCounted(1);

      browser.clickAndAwaitNextPage(By.linkText("Refresh"));

      assertThat(browser.currentUrl()).isEqualTo(issuer + "/console/board");
      assertThat(lastHour(browser, "refusals")).isEqualTo("1");
      assertThat(browser.scrollsSideways()).isFalse();
    }
  }

  private static void refuseALogin(String email) {
    assertThat(Accounts.loginStatus(app, email, "not the password")).isEqualTo(401);
  }

  /** Until the instance has added the refused logins to the board's table, where the board's next read finds them. */
  private void awaitRefusalsCounted(long refusals) {
    Eventually.until(() -> db.count("SELECT coalesce(sum(count), 0) FROM board_minutes WHERE series = 'refusals'") == refusals,
      Duration.ofSeconds(20), refusals + " refusals in board_minutes");
  }

  /** How many times the page's script asked for the figures between two moments of the page's clock (expressions). */
  private static long fetchesStartedBetween(Browser browser, String from, String to) {
    return (Long) browser.run("var from = " + from + ", to = " + to + ";"
      + "return performance.getEntriesByType('resource').filter(function (entry) {"
      + "  return entry.name.endsWith('/console/board/still') && entry.startTime > from && entry.startTime < to;"
      + "}).length;");
  }

  /** Lets {@code seconds} pass in the page, for what must not happen in them. */
  private static void waitInThePage(Browser browser, int seconds) {
    browser.runAsync("setTimeout(arguments[arguments.length - 1], " + seconds * 1000 + ");");
  }

  /** An empty database but for the desk's staff member. */
  private void staffMember() {
    db.truncate();
    Accounts.createActive(app, DESK);
    Cli.runOn(db, "staff", "grant", DESK, "--role", "desk");
  }

  /** Signs in, as the staff member, and follows the banner's link to the live board. */
  private static void toTheLiveBoard(Browser browser) {
    signIn(browser);
    browser.awaitHeading("Find an account");
    browser.clickAndAwaitNextPage(By.linkText("Live board"));
    browser.awaitHeading("The fair's live board");
  }

  private static void signIn(Browser browser) {
    browser.open(issuer + "/console/");
    browser.find(By.id("email")).sendKeys(DESK);
    browser.find(By.id("password")).sendKeys(Accounts.PASSWORD);
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));
  }

  /** The table's figure of the last hour for one series, read in one go: the board's script may swap the rows at any time. */
  private static String lastHour(Browser browser, String series) {
    return (String) browser.run("return document.querySelectorAll('#figures-' + arguments[0] + ' td')[arguments[1]].textContent;",
      series, HOUR);
  }

  /** The text of an SVG title or description, never shown, so neither waited for as visible nor given by getText(). */
  private static String svgText(Browser browser, String id) {
    return browser.findAll(By.id(id)).get(0).getAttribute("textContent");
  }
}
