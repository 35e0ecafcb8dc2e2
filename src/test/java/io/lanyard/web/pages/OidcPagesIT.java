package io.lanyard.web.pages;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Browser;
import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.ShopSite;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenID Connect provider's pages in a real browser (headless Chromium, no script needed): the login page, the consent
 * page and the logout pages, in French and English, each passing axe-core; the browser ends at the client's redirect URI (a
 * small server of the test's own) with a code.
 */
class OidcPagesIT {

  private static final String PASSWORD = "a long password";

  private static TestApp app;
  private static ShopSite shop;
  private static Browser browser;

  private final TestDb db = TestDb.get();
  private String shopId;

  @BeforeAll
  static void start() {
    app = OidcProviderApp.start(Map.of());
    shop = ShopSite.start();
    browser = Browser.start(Browser.PHONE, "fr-FR,fr");
  }

  @AfterAll
  static void stop() {
    browser.close();
    shop.close();
    app.close();
  }

  @BeforeEach
  void clientAndAccount() {
    db.truncate();
    browser.forgetCookies();
    shopId = shop.register(app, "La Boutique du Salon", "--post-logout-redirect-uri", callback());
    Accounts.createActive(app, "ann@example.com", PASSWORD);
  }

  @Test
  void aPersonSignsInConsentsAndSignsOutInFrenchWithTheKeyboard() {
    browser.open(authorize("ui_locales=fr"));

    browser.awaitHeading("Se connecter");
    assertThat(browser.htmlLang()).isEqualTo("fr");
    assertThat(browser.find(By.className("application")).getText()).isEqualTo("La Boutique du Salon");
    assertThat(browser.find(By.linkText("Mot de passe oublié ?")).getAttribute("href")).contains("/account/forgot?app=");
    assertThat(browser.accessibilityViolations()).isEmpty();
    assertThat(browser.scrollsSideways()).isFalse();
    browser.screenshot("oidc-login-fr");
    browser.find(By.id("email")).sendKeys("ann@example.com", Keys.TAB);
    browser.typeAndAwaitNextPage(PASSWORD, Keys.ENTER);

    browser.awaitHeading("Autoriser l'accès à votre compte ?");
    assertThat(browser.find(By.tagName("main")).getText()).contains("voir votre adresse e-mail");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.screenshot("oidc-consent-fr");
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]:not(.secondary)"));

    browser.awaitHeading("Back at the shop");
    assertThat(browser.currentUrl()).startsWith(callback() + "?code=").contains("&state=xyz").contains("&iss=");

    browser.open(OidcProviderApp.issuer(app) + "/oidc/logout?client_id=" + shopId + "&post_logout_redirect_uri=" + callback());
    browser.awaitHeading("Se déconnecter ?");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.screenshot("oidc-logout-fr");
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));
    browser.awaitHeading("Back at the shop");
    assertThat(db.count("SELECT count(*) FROM oidc_sessions WHERE ended_at IS NULL")).isZero();
  }

  @Test
  void aWrongPasswordIsSaidNextToTheAddressInEnglishAndTheSignedOutPageToo() {
    browser.open(authorize("ui_locales=en"));
    browser.awaitHeading("Sign in");
    browser.find(By.id("email")).sendKeys("ann@example.com");
    browser.find(By.id("password")).sendKeys("not the password");
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));

    browser.awaitHeading("Sign in");
    assertThat(browser.title()).startsWith("Error:");
    assertThat(browser.find(By.id("email-error")).getText()).contains("The e-mail address or the password is not right");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.screenshot("oidc-login-wrong");

    browser.open(OidcProviderApp.issuer(app) + "/oidc/logout?lang=eng-GB");
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));
    assertThat(browser.accessibilityViolations()).isEmpty();
  }

  @Test
  void anUnknownClientGetsAnAccessiblePageAndStaysHere() {
    browser.open(OidcProviderApp.issuer(app) + "/oidc/authorize?response_type=code&scope=openid&client_id=nobody"
      + "&redirect_uri=" + callback());

    browser.awaitHeading("Cette connexion ne peut pas continuer");
    assertThat(browser.currentUrl()).startsWith(OidcProviderApp.issuer(app));
    assertThat(browser.accessibilityViolations()).isEmpty();
  }

  private String authorize(String more) {
    return shop.authorize(OidcProviderApp.issuer(app), shopId, more);
  }

  private static String callback() {
    return shop.callback();
  }
}
