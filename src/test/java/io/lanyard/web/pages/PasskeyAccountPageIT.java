package io.lanyard.web.pages;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Browser;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.HostedPagesFixture;
import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.ShopSite;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.buffer.Buffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticator;

import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hosted {@code /account/passkeys} page in headless Chromium with its virtual authenticator: a person signed in on the
 * hosted login page adds a passkey, sees it listed, renames and removes it (rows checked, axe-core on each page). Without a
 * session the page lists nothing; a form with no or another anti-forgery value changes nothing; another person's passkey
 * cannot be renamed or removed by putting its id in the form.
 */
class PasskeyAccountPageIT {

  private static final String EMAIL = "ann@example.com";
  private static final String OTHER = "bob@example.com";
  private static final byte[] ANNS = HexFormat.of().parseHex("00112233445566778899aabbccddeeff");
  private static final byte[] BOBS = HexFormat.of().parseHex("ffeeddccbbaa99887766554433221100");
  private static final String WITHOUT_JSON_HELPERS = "delete PublicKeyCredential.prototype.toJSON;"
    + " delete PublicKeyCredential.parseCreationOptionsFromJSON; delete PublicKeyCredential.parseRequestOptionsFromJSON;";
  private static final By RENAME = By.cssSelector(".passkey form[action$='/rename'] button");
  private static final By REMOVE = By.cssSelector(".passkey form[action$='/remove'] button");

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
    authenticator = browser.addPlatformAuthenticator();
  }

  @AfterEach
  void removeTheAuthenticator() {
    browser.removeAuthenticator(authenticator);
  }

  @Test
  void aSignedInPersonAddsRenamesAndRemovesAPasskey() {
    signInWithPassword();
    browser.open(page());
    browser.awaitHeading("Your passkeys");
    assertThat(browser.find(By.tagName("main")).getText()).contains("You have no passkey yet.");
    assertThat(browser.findAll(By.id("passkey-add-script"))).singleElement().matches(hint -> !hint.isDisplayed());
    assertThat(browser.accessibilityViolations()).isEmpty();

    browser.clickAndAwaitNextPage(By.id("passkey-add"));

    browser.awaitHeading("Your passkeys");
    assertThat(browser.find(By.className("notice")).getText()).isEqualTo("Your passkey was added.");
    assertThat(authenticator.getCredentials()).hasSize(1);
    assertThat(db.count("SELECT count(*) FROM passkeys WHERE user_id = $1::uuid AND name = 'Passkey'", userId)).isEqualTo(1);
    assertThat(browser.findAll(By.cssSelector(".passkey h2"))).extracting(element -> element.getText())
      .containsExactly("Passkey");
    assertThat(browser.find(By.cssSelector(".passkey .hint")).getText()).contains("Added on").contains("Not used yet");
    assertThat(browser.accessibilityViolations()).isEmpty();
    Eventually.until(() -> db.count("SELECT count(*) FROM audit_events WHERE kind = 'passkey.added' AND user_id = $1::uuid",
      userId) == 1, "the passkey's registration audited");

    browser.find(By.id("name-0")).clear();
    browser.find(By.id("name-0")).sendKeys("Work laptop");
    browser.clickAndAwaitNextPage(RENAME);

    assertThat(browser.find(By.className("notice")).getText()).isEqualTo("Your passkey was renamed.");
    assertThat(browser.find(By.cssSelector(".passkey h2")).getText()).isEqualTo("Work laptop");
    assertThat(db.count("SELECT count(*) FROM passkeys WHERE user_id = $1::uuid AND name = 'Work laptop'", userId))
      .isEqualTo(1);

    browser.clickAndAwaitNextPage(REMOVE);

    assertThat(browser.find(By.className("notice")).getText()).isEqualTo("Your passkey was removed.");
    assertThat(db.count("SELECT count(*) FROM passkeys WHERE user_id = $1::uuid", userId)).isZero();
    assertThat(browser.accessibilityViolations()).isEmpty();
    Eventually.until(() -> db.count("SELECT count(*) FROM audit_events WHERE kind = 'passkey.removed'"
      + " AND user_id = $1::uuid", userId) == 1, "the removal audited");
  }

  /** Browsers before {@code toJSON()} and {@code parse*OptionsFromJSON}: the script's own encoding, both ceremonies. */
  @Test
  void aBrowserWithoutWebAuthnsJsonHelpersAddsAPasskeyAndSignsInWithIt() {
    signInWithPassword();
    browser.open(page());
    browser.awaitHeading("Your passkeys");
    browser.run(WITHOUT_JSON_HELPERS);

    browser.clickAndAwaitNextPage(By.id("passkey-add"));

    assertThat(browser.find(By.className("notice")).getText()).isEqualTo("Your passkey was added.");
    assertThat(db.count("SELECT count(*) FROM passkeys WHERE user_id = $1::uuid AND transports = '{internal}'", userId))
      .isEqualTo(1);
    browser.forgetCookies();
    browser.open(authorize());
    browser.awaitHeading("Sign in");
    browser.run(WITHOUT_JSON_HELPERS);

    browser.clickAndAwaitNextPage(By.id("passkey-button"));

    browser.awaitHeading(ShopSite.BACK);
    assertThat(db.count("SELECT count(*) FROM passkeys WHERE user_id = $1::uuid AND last_used_at IS NOT NULL", userId))
      .isEqualTo(1);
  }

  @Test
  void anEmptyNameIsRefusedAndChangesNothing() {
    storedPasskey(ANNS, userId, "Phone");
    signInWithPassword();
    browser.open(page());
    browser.awaitHeading("Your passkeys");

    browser.find(By.id("name-0")).clear();
    browser.clickAndAwaitNextPage(RENAME);

    assertThat(browser.find(By.className("notice")).getText()).isEqualTo("A name has 1 to 64 characters.");
    assertThat(db.count("SELECT count(*) FROM passkeys WHERE name = 'Phone'")).isEqualTo(1);
  }

  @Test
  void withoutASessionThePageListsNothing() {
    storedPasskey(ANNS, userId, "Phone");

    browser.open(page());

    browser.awaitHeading("Sign in first");
    assertThat(browser.find(By.tagName("main")).getText()).doesNotContain("Phone");
    assertThat(browser.findAll(By.tagName("form"))).isEmpty();
    assertThat(browser.accessibilityViolations()).isEmpty();
  }

  @Test
  void aFormWithoutOurAntiForgeryValueChangesNothing() {
    storedPasskey(ANNS, userId, "Phone");
    signInWithPassword();
    browser.open(page());
    browser.awaitHeading("Your passkeys");

    browser.run("document.querySelector(\".passkey form[action$='/remove'] input[name=form]\").value = 'forged';");
    browser.clickAndAwaitNextPage(REMOVE);

    assertThat(browser.find(By.className("notice")).getText()).startsWith("For your security, this form has expired.");
    browser.run("document.querySelector(\".passkey form[action$='/remove'] input[name=form]\").remove();");
    browser.clickAndAwaitNextPage(REMOVE);

    assertThat(browser.find(By.className("notice")).getText()).startsWith("For your security, this form has expired.");
    assertThat(db.count("SELECT count(*) FROM passkeys WHERE user_id = $1::uuid", userId)).isEqualTo(1);
  }

  @Test
  void anotherPersonsPasskeyCannotBeRenamedOrRemoved() {
    String bob = Accounts.createActive(app, OTHER);
    storedPasskey(ANNS, userId, "Phone");
    storedPasskey(BOBS, bob, "Bob's key");
    signInWithPassword();
    browser.open(page());
    browser.awaitHeading("Your passkeys");
    String bobsId = Base64.getUrlEncoder().withoutPadding().encodeToString(BOBS);

    browser.run("document.querySelectorAll('.passkey input[name=id]').forEach(field => field.value = arguments[0]);", bobsId);
    browser.clickAndAwaitNextPage(RENAME);

    assertThat(browser.find(By.className("notice")).getText()).isEqualTo("This passkey no longer exists.");
    browser.run("document.querySelectorAll('.passkey input[name=id]').forEach(field => field.value = arguments[0]);", bobsId);
    browser.clickAndAwaitNextPage(REMOVE);

    assertThat(browser.find(By.className("notice")).getText()).isEqualTo("This passkey no longer exists.");
    assertThat(db.count("SELECT count(*) FROM passkeys WHERE user_id = $1::uuid AND name = 'Bob''s key'", bob)).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM passkeys WHERE user_id = $1::uuid AND name = 'Phone'", userId)).isEqualTo(1);
  }

  @Test
  void withoutScriptTheLoginPageSignsInWithAPasswordAndThePasskeysPageStillRenames() {
    storedPasskey(ANNS, userId, "Phone");
    try (Browser noScript = Browser.startWithoutScript(Browser.DESKTOP, "en-GB,en")) {
      noScript.open(authorize());
      noScript.awaitHeading("Sign in");
      assertThat(noScript.findAll(By.id("passkey-button"))).singleElement().matches(button -> !button.isDisplayed());

      signInWithPassword(noScript);

      assertThat(noScript.currentUrl()).startsWith(shop.callback() + "?code=");
      assertThat(db.count("SELECT count(*) FROM oidc_sessions WHERE user_id = $1::uuid AND ended_at IS NULL", userId))
        .isEqualTo(1);
      noScript.open(page());
      noScript.awaitHeading("Your passkeys");
      assertThat(noScript.find(By.id("passkey-add-script")).getText()).startsWith("Adding a passkey needs JavaScript");
      assertThat(noScript.findAll(By.id("passkey-add"))).singleElement().matches(button -> !button.isDisplayed());
      noScript.find(By.id("name-0")).clear();
      noScript.find(By.id("name-0")).sendKeys("Old phone");
      noScript.clickAndAwaitNextPage(RENAME);

      assertThat(noScript.find(By.className("notice")).getText()).isEqualTo("Your passkey was renamed.");
      assertThat(db.count("SELECT count(*) FROM passkeys WHERE name = 'Old phone'")).isEqualTo(1);
    }
  }

  @Test
  void theFrenchPageFitsAPhone() {
    storedPasskey(ANNS, userId, "Téléphone");
    try (Browser phone = Browser.start(Browser.PHONE, "fr-FR,fr")) {
      signInWithPassword(phone);
      phone.open(page());

      phone.awaitHeading("Vos clés d'accès");
      assertThat(phone.find(By.cssSelector(".passkey .hint")).getText()).contains("Ajoutée le").contains("Pas encore utilisée");
      assertThat(phone.find(By.id("passkey-add")).getText()).isEqualTo("Ajouter une clé d'accès");
      assertThat(phone.scrollsSideways()).isFalse();
      assertThat(phone.accessibilityViolations()).isEmpty();
      phone.screenshot("passkeys-phone-fr");
    }
  }

  /** Showing the page issues a registration challenge, so it spends the source's credentials rate as the options route. */
  @Test
  void showingThePageSpendsTheSourcesCredentialsRate() {
    Map<String, String> settings = new HashMap<>(Map.of("LANYARD_SOURCE_RATE_CREDENTIALS", "3/1m"));
    settings.put("LANYARD_SOURCE_ALLOWLIST", null);   // the browser calls from 127.0.0.1, which the tests' services exempt
    try (TestApp limited = OidcProviderApp.start(settings, "localhost");
         Browser noScript = Browser.startWithoutScript(Browser.DESKTOP, "en-GB,en")) {
      String issuer = "http://localhost:" + limited.port();
      String client = shop.register(limited, "The Fair Shop", "--first-party");
      signInWithPassword(noScript, shop.authorize(issuer, client, "ui_locales=en"));   // the rate's first request
      for (int shown = 2; shown <= 3; shown++) {
        noScript.open(issuer + "/account/passkeys");
        noScript.awaitHeading("Your passkeys");
      }

      noScript.open(issuer + "/account/passkeys");

      noScript.awaitHeading("Too many attempts");
      assertThat(db.count("SELECT count(*) FROM passkey_challenges WHERE purpose = 'register'")).isEqualTo(2);
    }
  }

  @Test
  void activatingAnAccountByLinkOffersToAddAPasskey() throws Exception {
    Smtp smtp = Smtp.shared();
    smtp.clear();
    Fixtures.App fair = HostedPagesFixture.fairUsingHostedPages(app);
    HostedPagesFixture.signUp(app, fair, "cy@example.com", "eng-GB");

    browser.open(HostedPagesFixture.linkIn(smtp.awaitMessages(1).get(0)).replace("127.0.0.1", "localhost"));
    browser.awaitHeading("Choose your password");
    browser.find(By.id("password")).sendKeys(Accounts.PASSWORD);
    browser.find(By.id("confirmation")).sendKeys(Accounts.PASSWORD);
    browser.clickAndAwaitNextPage(By.cssSelector("form button[type=submit]"));

    browser.awaitHeading("Your account is ready");
    assertThat(browser.find(By.tagName("main")).getText()).contains("You can also add a passkey now");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.clickAndAwaitNextPage(By.linkText("Add a passkey"));
    // activating proves the address, not a sign-in: the page asks for one first
    browser.awaitHeading("Sign in first");
  }

  /** The hosted login page with a password, as the shop sends the person there; the SSO session's cookie is set. */
  private void signInWithPassword() {
    signInWithPassword(browser);
  }

  private void signInWithPassword(Browser in) {
    signInWithPassword(in, authorize());
  }

  private void signInWithPassword(Browser in, String authorize) {
    in.open(authorize);
    in.awaitHeading("Sign in");
    in.find(By.id("email")).sendKeys(EMAIL);
    in.find(By.id("password")).sendKeys(Accounts.PASSWORD);
    in.clickAndAwaitNextPage(By.cssSelector("form button[type=submit]"));
    in.awaitHeading(ShopSite.BACK);
  }

  /** A passkey row as registration writes it (its key is never used here: nobody signs in with it). */
  private void storedPasskey(byte[] id, String owner, String name) {
    db.query("INSERT INTO passkeys (id, user_id, public_key, sign_count, name) VALUES ($1, $2::uuid, $3, 0, $4)",
      Buffer.buffer(id), owner, Buffer.buffer(new byte[] {1}), name);
  }

  private String authorize() {
    return shop.authorize(issuer(), shopId, "ui_locales=en");
  }

  private static String page() {
    return issuer() + "/account/passkeys";
  }

  private static String issuer() {
    return "http://localhost:" + app.port();
  }
}
