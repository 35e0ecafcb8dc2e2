package io.lanyard.web.console;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Browser;
import io.lanyard.testing.Cli;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;


import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console in a real browser (headless Chromium, no script): a staff member signs in on the provider's login page, searches
 * by part of a name without its accents, pages through the results and opens an account; every page passes axe-core and
 * fits a phone's width without scrolling sideways, in French and English; no address or name ever appears in a URL.
 */
class ConsolePagesIT extends ConsoleFixture {

  private static final Dimension TABLET = new Dimension(768, 1024);


  @BeforeEach
  void staffAndVisitors() {
    db.truncate();
    Accounts.createActive(app, DESK);
    Cli.run("staff", "grant", DESK, "--role", "desk");
  }

  @Test
  void aDeskMemberFindsAVisitorByPartOfANameOnAPhoneInFrench() {
    String helene = visitor("helene.dupre@example.com", "Hélène", "Duprè");
    visitor("marc@example.com", "Marc", "Martin");
    try (Browser browser = Browser.start(Browser.PHONE, "fr-FR,fr")) {
      signIn(browser, "Se connecter");
      browser.awaitHeading("Trouver un compte");
      assertThat(browser.htmlLang()).isEqualTo("fr");
      checked(browser, "console-search-fr");

      browser.find(By.id("q")).sendKeys("HELENE dup");
      browser.clickAndAwaitNextPage(By.cssSelector("main button[type=submit]"));

      assertThat(browser.currentUrl()).isEqualTo(issuer + "/console/search");
      assertThat(browser.find(By.tagName("tbody")).getText()).contains("helene.dupre@example.com", "Hélène Duprè")
        .doesNotContain("marc@example.com");
      checked(browser, "console-results-fr");

      browser.clickAndAwaitNextPage(By.linkText("helene.dupre@example.com"));

      browser.awaitHeading("Compte");
      assertThat(browser.currentUrl()).isEqualTo(issuer + "/console/accounts/" + helene);
      assertThat(browser.find(By.tagName("main")).getText()).contains("helene.dupre@example.com", "actif", "Hélène");
      checked(browser, "console-account-fr");
    }
  }

  @Test
  void resultsArePagedNewestFirstThroughFormsOnATabletInEnglish() {
    for (int i = 0; i < SearchPages.PAGE_SIZE + 2; i++) {
      visitor("visitor" + i + "@example.com", "Visitor", "Number " + i);
    }
    try (Browser browser = Browser.start(TABLET, "en-GB,en")) {
      signIn(browser, "Sign in");
      browser.awaitHeading("Find an account");
      browser.find(By.id("q")).sendKeys("visitor", Keys.ENTER);
      browser.awaitHeading("Find an account");
      assertThat(browser.find(By.tagName("h2")).getText()).isEqualTo("Accounts found, page 1");
      assertThat(browser.findAll(By.cssSelector("tbody tr"))).hasSize(SearchPages.PAGE_SIZE);
      assertThat(browser.find(By.cssSelector("tbody tr")).getText()).contains("visitor" + (SearchPages.PAGE_SIZE + 1) + "@");
      checked(browser, "console-results-en");

      browser.clickAndAwaitNextPage(By.xpath("//button[text()='Next page']"));

      assertThat(browser.find(By.tagName("h2")).getText()).isEqualTo("Accounts found, page 2");
      assertThat(browser.findAll(By.cssSelector("tbody tr"))).hasSize(2);
      assertThat(browser.find(By.cssSelector("tbody tr")).getText()).contains("visitor1@");
      assertThat(browser.currentUrl()).isEqualTo(issuer + "/console/search");
      checked(browser, "console-results-page-2-en");
    }
  }

  @Test
  void eachActionIsConfirmedOnAPageThenSaidDone() {
    String ann = visitor("ann@example.com", "Ann", "Lee");
    try (Browser browser = Browser.start(Browser.PHONE, "en-GB,en")) {
      signIn(browser, "Sign in");
      browser.awaitHeading("Find an account");
      for (String[] action : new String[][] {{"Send the link again", "Send the link", "Nothing was sent", "is queued"},
        {"Lift the login lock", "Lift the lock", "is lifted", "was not locked"},
        {"End every session", "End every session", "has ended", "has ended"},
        {"Disable the account", "Disable", "is disabled", "is disabled"},
        {"Enable the account", "Enable", "is enabled again", "is enabled again"}}) {
        browser.open(issuer + "/console/accounts/" + ann);
        browser.awaitHeading("Account");
        checked(browser, "console-account-en");
        browser.clickAndAwaitNextPage(By.linkText(action[0]));
        browser.awaitHeading(action[0]);
        checked(browser, "console-confirm-" + action[1].replace(' ', '-'));

        browser.clickAndAwaitNextPage(By.cssSelector("main button[type=submit]"));

        assertThat(browser.find(By.tagName("main")).getText()).containsAnyOf(action[2], action[3]);
        checked(browser, "console-done-" + action[1].replace(' ', '-'));
      }
      assertThat(db.single("SELECT status FROM users WHERE id = $1::uuid", ann).getString(0)).isEqualTo("active");
      // the audit trail is written a moment after the request, in a batch
      io.lanyard.testing.Eventually.until(() -> db.count("SELECT count(*) FROM audit_events WHERE kind IN "
        + "('account.disabled', 'account.enabled') AND detail LIKE 'by staff %'") == 2, "both events written");
    }
  }

  @Test
  void anAdminErasesAnAccountByTypingItsAddressInFrench() {
    String ann = visitor("ann@example.com", "Ann", "Lee");
    Cli.run("staff", "grant", DESK, "--role", "admin");
    try (Browser browser = Browser.start(Browser.PHONE, "fr-FR,fr")) {
      signIn(browser, "Se connecter");
      browser.awaitHeading("Trouver un compte");
      browser.open(issuer + "/console/accounts/" + ann);
      browser.clickAndAwaitNextPage(By.linkText("Effacer le compte"));
      browser.awaitHeading("Effacer le compte");
      checked(browser, "console-erase-fr");

      browser.find(By.id("confirm")).sendKeys("quelqu.un@example.com");
      browser.clickAndAwaitNextPage(By.cssSelector("main button[type=submit]"));

      assertThat(browser.find(By.id("confirm-error")).getText()).contains("rien n’a été effacé");
      checked(browser, "console-erase-mistyped-fr");
      browser.find(By.id("confirm")).sendKeys("ann@example.com");
      browser.clickAndAwaitNextPage(By.cssSelector("main button[type=submit]"));

      assertThat(browser.find(By.tagName("main")).getText()).contains("ann@example.com est effacé");
      checked(browser, "console-erased-fr");
      assertThat(db.single("SELECT status FROM users WHERE id = $1::uuid", ann).getString(0)).isEqualTo("deleted");
    }
  }

  @Test
  void aTooShortSearchSaysWhatToTypeAndPassesAxe() {
    try (Browser browser = Browser.start(Browser.DESKTOP, "en-GB,en")) {
      signIn(browser, "Sign in");
      browser.awaitHeading("Find an account");

      browser.find(By.id("q")).sendKeys("ab", Keys.ENTER);

      browser.awaitHeading("Find an account");
      assertThat(browser.find(By.id("q-error")).getText()).contains("3 to 254 characters");
      checked(browser, "console-search-problem-en");
    }
  }

  @Test
  void anAccountWithoutARoleIsToldSoInAPageThatPassesAxe() {
    Accounts.createActive(app, "ann@example.com");
    try (Browser browser = Browser.start(Browser.PHONE, "en-GB,en")) {
      browser.open(issuer + "/console/");
      browser.awaitHeading("Sign in");
      browser.find(By.id("email")).sendKeys("ann@example.com");
      browser.find(By.id("password")).sendKeys(Accounts.PASSWORD);
      browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));

      browser.awaitHeading("Not for this account");
      checked(browser, "console-forbidden-en");
    }
  }

  private void signIn(Browser browser, String heading) {
    browser.open(issuer + "/console/");
    browser.awaitHeading(heading);
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.find(By.id("email")).sendKeys(DESK);
    browser.find(By.id("password")).sendKeys(Accounts.PASSWORD);
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));
  }

  private static void checked(Browser browser, String screenshot) {
    assertThat(browser.accessibilityViolations()).isEmpty();
    assertThat(browser.scrollsSideways()).isFalse();
    browser.screenshot(screenshot);
  }

  private String visitor(String email, String firstname, String lastname) {
    String id = Accounts.createActive(app, email);
    db.query("UPDATE users SET profile = $2 WHERE id = $1::uuid", id,
      new JsonObject().put("firstname", firstname).put("lastname", lastname));
    return id;
  }
}
