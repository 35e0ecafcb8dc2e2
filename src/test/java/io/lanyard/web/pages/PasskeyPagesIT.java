package io.lanyard.web.pages;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Browser;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticator;

import java.util.Map;

import static io.lanyard.testing.Await.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Passkeys in headless Chromium with its virtual authenticator: registered through the API from a page of the service's
 * origin (as a fair's site or the coming account page would), then used on the hosted login page's "sign in with a passkey",
 * which starts the same SSO session as a password and ends at the client with a code. The page passes axe-core with the
 * button shown, and without script it is the password form it was.
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
  private static Vertx vertx;
  private static HttpServer client;
  private static Browser browser;

  private final TestDb db = TestDb.get();
  private String shopId;
  private String userId;

  @BeforeAll
  static void start() {
    app = OidcProviderApp.start(Map.of(), "localhost");
    vertx = Vertx.vertx();
    client = await(vertx.createHttpServer().requestHandler(request -> request.response()
      .putHeader("Content-Type", "text/html; charset=utf-8")
      .end("<!DOCTYPE html><html lang=\"en\"><head><title>Shop</title></head><body><main><h1>Back at the shop</h1></main>"
        + "</body></html>")).listen(0, "127.0.0.1"));
    browser = Browser.start(Browser.DESKTOP, "en-GB,en");
  }

  @AfterAll
  static void stop() {
    browser.close();
    await(client.close());
    await(vertx.close());
    app.close();
  }

  @BeforeEach
  void clientAndAccount() {
    db.truncate();
    browser.forgetCookies();
    Cli.Run run = Cli.run("apps", "oidc", "--app", "shop", "--display-name", "The Fair Shop", "--redirect-uri", callback(),
      "--first-party");
    shopId = run.lines().stream().filter(line -> line.startsWith("client_id\t")).findFirst()
      .orElseThrow(() -> new AssertionError(run.exitCode() + " " + run.err())).split("\t")[1];
    app.reloadCaches();
    userId = Accounts.createActive(app, EMAIL);
  }

  @Test
  void aPasskeyRegisteredInTheBrowserSignsInOnTheLoginPage() {
    VirtualAuthenticator authenticator = browser.addPlatformAuthenticator();
    try {
      browser.open(issuer() + "/_serverInfo");
      Object registered = browser.runAsync(REGISTER, Accounts.login(app, EMAIL));
      assertThat(registered).isEqualTo("200 Virtual phone");
      assertThat(authenticator.getCredentials()).hasSize(1);

      browser.forgetCookies();
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
    } finally {
      browser.removeAuthenticator(authenticator);
    }
  }

  @Test
  void aPasskeyOfAnAccountDisabledSinceSignsInNobody() {
    VirtualAuthenticator authenticator = browser.addPlatformAuthenticator();
    try {
      browser.open(issuer() + "/_serverInfo");
      assertThat(browser.runAsync(REGISTER, Accounts.login(app, EMAIL))).isEqualTo("200 Virtual phone");
      db.query("UPDATE users SET status = 'disabled' WHERE id = $1::uuid", userId);
      browser.forgetCookies();
      browser.open(authorize());
      browser.awaitHeading("Sign in");

      browser.clickAndAwaitNextPage(By.id("passkey-button"));

      browser.awaitHeading("Sign in");
      assertThat(browser.find(By.className("notice")).getText()).contains("This passkey could not sign you in");
      assertThat(browser.accessibilityViolations()).isEmpty();
      assertThat(db.count("SELECT count(*) FROM oidc_sessions")).isZero();
    } finally {
      browser.removeAuthenticator(authenticator);
    }
  }

  @Test
  void thePasskeysOfferedInTheAddressFieldSignIn() {
    VirtualAuthenticator authenticator = browser.addPlatformAuthenticator();
    try {
      browser.open(issuer() + "/_serverInfo");
      assertThat(browser.runAsync(REGISTER, Accounts.login(app, EMAIL))).isEqualTo("200 Virtual phone");
      browser.open(authorize());
      browser.awaitHeading("Sign in");

      // the virtual authenticator picks its one passkey as a person would pick it in the address field's autofill
      browser.find(By.id("email")).click();

      browser.awaitHeading("Back at the shop");
      assertThat(db.count("SELECT count(*) FROM oidc_sessions WHERE user_id = $1::uuid", userId)).isEqualTo(1);
    } finally {
      browser.removeAuthenticator(authenticator);
    }
  }

  private String authorize() {
    return issuer() + "/oidc/authorize?response_type=code&scope=openid%20email&client_id=" + shopId
      + "&redirect_uri=" + callback() + "&state=xyz&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
      + "&code_challenge_method=S256&ui_locales=en";
  }

  private static String issuer() {
    return "http://localhost:" + app.port();
  }

  private static String callback() {
    return "http://127.0.0.1:" + client.actualPort() + "/callback";
  }
}
