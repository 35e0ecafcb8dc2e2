package io.lanyard.web.pages;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Browser;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.ShopSite;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticator;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Passkeys in headless Chromium with its virtual authenticator: registered through the API from a page of the service's
 * origin (as a fair's site would; the hosted passkeys page is {@link PasskeyAccountPageIT}'s), then used on the hosted login
 * page's "sign in with a passkey", which starts the same SSO session as a password and ends at the client with a code. The
 * page passes axe-core with the button shown (without script, {@link PasskeyAccountPageIT} signs in with a password).
 */
class PasskeyPagesIT {

  private static final String EMAIL = "ann@example.com";
  private static final String REGISTER = """
    const [jwt, done] = arguments;
    const post = (path, body) => fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json',
      'Authorization': 'Bearer ' + jwt}, body: JSON.stringify(body)}).then(reply => reply.json());
    post('/_me/passkeys/_options', {})
      .then(options => navigator.credentials.create({publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options.result)}))
      .then(credential => post('/_me/passkeys', {credential: credential.toJSON(), name: 'Virtual phone'}))
      .then(reply => done(reply.status + ' ' + (reply.result ? reply.result.name : JSON.stringify(reply.error))),
        error => done('failed: ' + error));
    """;

  private static TestApp app;
  private static ShopSite shop;
  private static Browser browser;

  private final TestDb db = TestDb.get();
  private String shopId;
  private String userId;
  private VirtualAuthenticator authenticator;

  @BeforeAll
  static void start() {
    app = OidcProviderApp.start(Map.of(), "localhost");
    shop = ShopSite.start();
    browser = Browser.start(Browser.DESKTOP, "en-GB,en");
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
    shopId = shop.register(app, "The Fair Shop", "--first-party");
    userId = Accounts.createActive(app, EMAIL);
    aPasskeyInTheBrowser();
  }

  /** The person registers a passkey in the browser, through the API, from a page of the service's origin. */
  private void aPasskeyInTheBrowser() {
    authenticator = browser.addPlatformAuthenticator();
    browser.open(issuer() + "/_serverInfo");
    assertThat(browser.runAsync(REGISTER, Accounts.login(app, EMAIL))).isEqualTo("200 Virtual phone");
    assertThat(authenticator.getCredentials()).hasSize(1);
    browser.forgetCookies();
  }

  @AfterEach
  void removeTheAuthenticator() {
    browser.removeAuthenticator(authenticator);
  }

  @Test
  void thePasskeyButtonSignsInWithTheSameSessionAsAPassword() {
    browser.open(authorize());
    browser.awaitHeading("Sign in");
    assertThat(browser.find(By.id("passkey-button")).getText()).isEqualTo("Sign in with a passkey");
    assertThat(browser.find(By.id("email")).getAttribute("autocomplete")).isEqualTo("username webauthn");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.screenshot("passkey-login");

    browser.clickAndAwaitNextPage(By.id("passkey-button"));

    browser.awaitHeading("Back at the shop");
    assertThat(browser.currentUrl()).startsWith(callback() + "?code=");
    assertThat(db.count("SELECT count(*) FROM oidc_sessions WHERE user_id = $1::uuid AND ended_at IS NULL", userId))
      .isEqualTo(1);
    Eventually.until(() -> db.count("SELECT count(*) FROM audit_events WHERE kind = 'login.succeeded' AND detail = 'passkey'"
      + " AND user_id = $1::uuid", userId) == 1, "the passkey sign-in audited");
  }

  @Test
  void thePasskeysOfferedInTheAddressFieldSignIn() {
    browser.open(authorize());
    browser.awaitHeading("Sign in");

    // the virtual authenticator picks its one passkey as a person would pick it in the address field's autofill
    browser.find(By.id("email")).click();

    browser.awaitHeading("Back at the shop");
    assertThat(db.count("SELECT count(*) FROM oidc_sessions WHERE user_id = $1::uuid", userId)).isEqualTo(1);
  }

  @Test
  void aPasskeyOfAnAccountDisabledSinceSignsInNobody() {
    db.query("UPDATE users SET status = 'disabled' WHERE id = $1::uuid", userId);
    browser.open(authorize());
    browser.awaitHeading("Sign in");

    browser.clickAndAwaitNextPage(By.id("passkey-button"));

    browser.awaitHeading("Sign in");
    assertThat(browser.find(By.className("notice")).getText()).contains("This passkey could not sign you in");
    assertThat(browser.accessibilityViolations()).isEmpty();
    assertThat(db.count("SELECT count(*) FROM oidc_sessions")).isZero();
  }

  private String authorize() {
    return shop.authorize(issuer(), shopId, "ui_locales=en");
  }

  private static String issuer() {
    return "http://localhost:" + app.port();
  }

  private static String callback() {
    return shop.callback();
  }
}
