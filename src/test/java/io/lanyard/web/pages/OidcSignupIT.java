package io.lanyard.web.pages;

import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.AuthorizationResponse;
import com.nimbusds.oauth2.sdk.AuthorizationSuccessResponse;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
import com.nimbusds.openid.connect.sdk.Prompt;
import com.nimbusds.openid.connect.sdk.UserInfoRequest;
import com.nimbusds.openid.connect.sdk.UserInfoResponse;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;
import com.nimbusds.jose.JWSAlgorithm;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Browser;
import io.lanyard.testing.Cli;
import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.lanyard.testing.UserAgent;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.lanyard.testing.Await.await;
import static io.lanyard.testing.HostedPagesFixture.textOf;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Create an account" from a client's login page, the way a person meets it: a real relying party (Nimbus's SDK builds the
 * request with PKCE, state and nonce, exchanges the code and validates the ID token against the published keys), headless
 * Chromium for the pages (each passing axe-core), GreenMail for the mail. The full path authorize → create → mail →
 * activate → code at the app → tokens (and through the consent page of a client that is not first-party); then the attacks: an unregistered redirect URI, an address that has an account, a
 * changed way back, an expired one, a client that offers no sign-up.
 */
class OidcSignupIT {

  private static final String PASSWORD = "a long password";
  private static final String FAIR = "salon-2026";
  private static final Pattern ACTIVATION = Pattern.compile(
    "(http://[^\\s\"<>]+/account/activate\\?token=[A-Za-z0-9_-]{43}&return=([A-Za-z0-9_-]{43}))");

  private static TestApp app;
  private static OIDCProviderMetadata provider;
  private static Vertx vertx;
  private static HttpServer shop;
  private static Browser browser;

  private final TestDb db = TestDb.get();
  private final Smtp smtp = Smtp.shared();
  private Map<String, String> client;

  @BeforeAll
  static void start() throws Exception {
    app = OidcProviderApp.start(Map.of());
    provider = OIDCProviderMetadata.resolve(new Issuer(OidcProviderApp.issuer(app)));
    vertx = Vertx.vertx();
    shop = await(vertx.createHttpServer().requestHandler(request -> request.response()
      .putHeader("Content-Type", "text/html; charset=utf-8")
      .end("<!DOCTYPE html><html lang=\"en\"><head><title>Shop</title></head><body><main><h1>Back at the shop</h1></main>"
        + "</body></html>")).listen(0, "127.0.0.1"));
    browser = Browser.start(Browser.DESKTOP, "en-GB,en");
  }

  @AfterAll
  static void stop() {
    browser.close();
    await(shop.close());
    await(vertx.close());
    app.close();
  }

  @BeforeEach
  void clientOfferingSignUp() {
    db.truncate();
    smtp.clear();
    browser.forgetCookies();
    client = register("shop", "--first-party", "--display-name", "The Fair Shop", "--signup-salon", FAIR);
  }

  @Test
  void aNewcomerCreatesAnAccountFromTheLoginPageAndTheAppReceivesItsCode() throws Exception {
    Attempt attempt = attempt(builder -> { });
    browser.open(attempt.request().toURI().toString());
    browser.awaitHeading("Sign in");
    browser.clickAndAwaitNextPage(By.linkText("No account yet? Create one"));

    browser.awaitHeading("Create your account");
    assertThat(browser.find(By.className("application")).getText()).isEqualTo("The Fair Shop");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.screenshot("oidc-signup");
    browser.find(By.id("email")).sendKeys("newcomer@example.com");
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));

    browser.awaitHeading("Check your e-mail");
    assertThat(browser.accessibilityViolations()).isEmpty();
    MimeMessage mail = smtp.awaitMessages(1).get(0);
    assertThat(mail.getAllRecipients()[0].toString()).isEqualTo("newcomer@example.com");
    String link = activationLink(mail);
    assertThat(db.single("SELECT status, from_salon, from_session_salon, from_application_id::text AS app, language "
      + "FROM users WHERE email = $1", "newcomer@example.com").toJson().getMap())
      .containsEntry("status", "pending").containsEntry("from_salon", FAIR).containsEntry("from_session_salon", FAIR)
      .containsEntry("app", client.get("client_id")).containsEntry("language", "eng-GB");

    // the person reads the mail later, in another tab: the way back is server-side, not in this tab's state
    browser.openInNewTab(link);
    browser.awaitHeading("Choose your password");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.find(By.id("password")).sendKeys(PASSWORD);
    browser.find(By.id("confirmation")).sendKeys(PASSWORD);
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));

    browser.awaitHeading("Back at the shop");
    AuthorizationSuccessResponse reply = AuthorizationResponse.parse(URI.create(browser.currentUrl())).toSuccessResponse();
    assertThat(reply.getState()).isEqualTo(attempt.state());
    assertThat(reply.getIssuer()).isEqualTo(provider.getIssuer());
    OIDCTokenResponse tokens = exchange(reply, attempt);
    JWTClaimsSet idToken = new IDTokenValidator(provider.getIssuer(), new ClientID(client.get("client_id")),
      JWSAlgorithm.RS256, provider.getJWKSetURI().toURL()).validate(tokens.getOIDCTokens().getIDToken(), attempt.nonce())
      .toJWTClaimsSet();
    String userId = db.single("SELECT id::text AS id FROM users WHERE email = $1", "newcomer@example.com").getString("id");
    assertThat(idToken.getSubject()).isEqualTo(userId);
    assertThat(idToken.getStringClaim("email")).isEqualTo("newcomer@example.com");
    assertThat(idToken.getBooleanClaim("email_verified")).isTrue();
    UserInfoResponse userInfo = UserInfoResponse.parse(new UserInfoRequest(provider.getUserInfoEndpointURI(),
      tokens.getOIDCTokens().getBearerAccessToken()).toHTTPRequest().send());
    assertThat(userInfo.toSuccessResponse().getUserInfo().getSubject().getValue()).isEqualTo(userId);
    assertThat(Accounts.loginStatus(app, "newcomer@example.com", PASSWORD)).isEqualTo(200);

    // the activation started the SSO session: the next request of the app needs no password, even prompt=none
    Attempt silent = attempt(builder -> builder.prompt(new Prompt(Prompt.Type.NONE)));
    browser.open(silent.request().toURI().toString());
    browser.awaitHeading("Back at the shop");
    assertThat(AuthorizationResponse.parse(URI.create(browser.currentUrl())).indicatesSuccess()).isTrue();
  }

  @Test
  void aClientThatIsNotFirstPartyShowsItsConsentPageAfterTheActivationThenGetsItsCode() throws Exception {
    client = register("shop", "--display-name", "The Fair Shop", "--signup-salon", FAIR, "--rotate-secret");
    Attempt attempt = attempt(builder -> { });
    signUp(new UserAgent(OidcProviderApp.issuer(app)), "erin@example.com");
    browser.open(activationLink(smtp.awaitMessages(1).get(0)).replaceAll("return=[A-Za-z0-9_-]+", "return=x"));
    browser.awaitHeading("This link was changed");

    // the request kept is the one the sign-up page got: a fresh one, asked for on the page, then followed from the mail
    smtp.clear();
    browser.open(OidcProviderApp.issuer(app) + "/account/signup?" + attempt.request().toQueryString());
    browser.find(By.id("email")).sendKeys("frank@example.com");
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));
    browser.open(activationLink(smtp.awaitMessages(1).get(0)));
    browser.find(By.id("password")).sendKeys(PASSWORD);
    browser.find(By.id("confirmation")).sendKeys(PASSWORD);
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));

    browser.awaitHeading("Allow access to your account?");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]:not(.secondary)"));
    browser.awaitHeading("Back at the shop");
    AuthorizationSuccessResponse reply = AuthorizationResponse.parse(URI.create(browser.currentUrl())).toSuccessResponse();
    assertThat(reply.getState()).isEqualTo(attempt.state());
    assertThat(exchange(reply, attempt).getOIDCTokens().getIDToken().getJWTClaimsSet().getSubject())
      .isEqualTo(db.single("SELECT id::text AS id FROM users WHERE email = $1", "frank@example.com").getString("id"));
  }

  @Test
  void theSignUpPageSpeaksFrenchForAFrenchRequestAndIsAccessible() throws Exception {
    com.nimbusds.langtag.LangTag french = com.nimbusds.langtag.LangTag.parse("fr");
    Attempt attempt = attempt(builder -> builder.uiLocales(List.of(french)));
    browser.open(attempt.request().toURI().toString());
    browser.awaitHeading("Se connecter");
    browser.clickAndAwaitNextPage(By.linkText("Pas encore de compte ? Créez-en un"));
    browser.awaitHeading("Créez votre compte");
    assertThat(browser.htmlLang()).isEqualTo("fr");
    assertThat(browser.accessibilityViolations()).isEmpty();
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));
    browser.awaitHeading("Créez votre compte");
    assertThat(browser.title()).startsWith("Erreur");
    assertThat(browser.accessibilityViolations()).isEmpty();
  }

  @Test
  void anAddressThatHasAnAccountGetsTheSamePageAndNoMailNorAccount() throws Exception {
    Accounts.createActive(app, "ann@example.com", PASSWORD);
    UserAgent agent = new UserAgent(OidcProviderApp.issuer(app));
    UserAgent.Page taken = signUp(agent, "ann@example.com");
    UserAgent.Page fresh = signUp(agent, "bob@example.com");

    assertThat(taken.status()).isEqualTo(fresh.status()).isEqualTo(200);
    assertThat(main(taken).replace("ann@example.com", "X")).isEqualTo(main(fresh).replace("bob@example.com", "X"));
    assertThat(smtp.awaitMessages(1)).hasSize(1);
    assertThat(smtp.assertNoMoreThan(1, Duration.ofSeconds(1))).extracting(message -> message.getAllRecipients()[0]
      .toString()).containsExactly("bob@example.com");
    assertThat(db.count("SELECT count(*) FROM users WHERE email = 'ann@example.com' AND status = 'active'")).isOne();
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(2);
  }

  @Test
  void anUnregisteredRedirectUriIsNeverReachedFromTheSignUpPage() {
    String evil = "https://evil.example/callback";
    Attempt attempt = attempt(builder -> { });
    String query = attempt.request().toQueryString().replace(encode(callback()), encode(evil));
    UserAgent agent = new UserAgent(OidcProviderApp.issuer(app));

    UserAgent.Page shown = agent.open(URI.create(OidcProviderApp.issuer(app) + "/account/signup?" + query));
    assertThat(shown.status()).isEqualTo(400);
    assertThat(shown.body()).contains("This sign-in cannot go on").doesNotContain("evil.example");

    // a form sent with the request changed on the way: refused the same, nothing created, nothing mailed, no redirect
    UserAgent.Page good = agent.open(URI.create(OidcProviderApp.issuer(app) + "/account/signup?"
      + attempt.request().toQueryString()));
    Map<String, String> fields = new HashMap<>(good.hiddenFields());
    fields.put("request", query);
    fields.put("email", "mallory@example.com");
    UserAgent.Page sent = agent.post(good.formAction(), fields);
    assertThat(sent.status()).isEqualTo(400);
    assertThat(sent.header("Location")).isEmpty();
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
    assertThat(db.count("SELECT count(*) FROM oidc_signups")).isZero();
    smtp.assertNoMoreThan(0, Duration.ofMillis(500));
  }

  @Test
  void aChangedWayBackIsRefusedAndActivatesNothing() throws Exception {
    UserAgent agent = new UserAgent(OidcProviderApp.issuer(app));
    signUp(agent, "bob@example.com");
    signUp(agent, "carol@example.com");
    List<MimeMessage> mails = smtp.awaitMessages(2);
    Matcher bob = activation(mails.stream().filter(mail -> recipient(mail).equals("bob@example.com")).findFirst().orElseThrow());
    Matcher carol = activation(mails.stream().filter(mail -> recipient(mail).equals("carol@example.com")).findFirst()
      .orElseThrow());

    for (String changed : List.of(carol.group(2), "A".repeat(43), "short")) {
      String link = bob.group(1).replace("return=" + bob.group(2), "return=" + changed);
      browser.open(link);
      browser.awaitHeading("This link was changed");
      assertThat(browser.accessibilityViolations()).isEmpty();
      UserAgent.Page refused = agent.post(URI.create(OidcProviderApp.issuer(app) + "/account/activate"), Map.of(
        "token", bob.group(1).replaceAll(".*token=([^&]+).*", "$1"), "return", changed, "password", PASSWORD,
        "confirmation", PASSWORD));
      assertThat(refused.status()).isEqualTo(400);
    }
    assertThat(db.count("SELECT count(*) FROM users WHERE status = 'pending'")).isEqualTo(2);

    browser.open(bob.group(1));
    browser.awaitHeading("Choose your password");
  }

  @Test
  void anExpiredWayBackStillActivatesSignsInAndLeadsBackToTheApp() throws Exception {
    signUp(new UserAgent(OidcProviderApp.issuer(app)), "dan@example.com");
    String link = activationLink(smtp.awaitMessages(1).get(0));
    db.query("UPDATE oidc_signups SET expires_at = now() - interval '1 second'");

    browser.open(link);
    browser.find(By.id("password")).sendKeys(PASSWORD);
    browser.find(By.id("confirmation")).sendKeys(PASSWORD);
    browser.clickAndAwaitNextPage(By.cssSelector("button[type=submit]"));

    browser.awaitHeading("Your account is ready");
    assertThat(browser.find(By.tagName("main")).getText()).contains("has expired");
    assertThat(browser.find(By.linkText("Back to The Fair Shop")).getAttribute("href"))
      .isEqualTo("http://127.0.0.1:" + shop.actualPort() + "/");
    assertThat(browser.accessibilityViolations()).isEmpty();
    assertThat(browser.currentUrl()).startsWith(OidcProviderApp.issuer(app));
    assertThat(db.count("SELECT count(*) FROM users WHERE email = 'dan@example.com' AND status = 'active'")).isOne();
    assertThat(db.count("SELECT count(*) FROM oidc_codes")).isZero();
    assertThat(db.count("SELECT count(*) FROM oidc_sessions WHERE ended_at IS NULL")).isOne();
  }

  @Test
  void aClientWithoutSignUpOffersNoneAndRefusesItClearly() {
    client = register("shop", "--first-party", "--display-name", "The Fair Shop");
    Attempt attempt = attempt(builder -> { });
    browser.open(attempt.request().toURI().toString());
    browser.awaitHeading("Sign in");
    assertThat(browser.findAll(By.linkText("No account yet? Create one"))).isEmpty();

    browser.open(OidcProviderApp.issuer(app) + "/account/signup?" + attempt.request().toQueryString());
    browser.awaitHeading("Accounts cannot be created here");
    assertThat(browser.find(By.tagName("main")).getText()).contains("The Fair Shop does not let people create an account");
    assertThat(browser.accessibilityViolations()).isEmpty();

    UserAgent agent = new UserAgent(OidcProviderApp.issuer(app));
    UserAgent.Page sent = agent.post(URI.create(OidcProviderApp.issuer(app) + "/account/signup"), Map.of(
      "request", attempt.request().toQueryString(), "email", "eve@example.com"));
    assertThat(sent.status()).isEqualTo(403);
    assertThat(db.count("SELECT count(*) FROM users")).isZero();
  }

  /** One authorization request of the shop, and what the shop keeps to finish it. */
  private record Attempt(AuthenticationRequest request, CodeVerifier verifier, State state, Nonce nonce) {
  }

  private Attempt attempt(java.util.function.Consumer<AuthenticationRequest.Builder> more) {
    CodeVerifier verifier = new CodeVerifier();
    State state = new State();
    Nonce nonce = new Nonce();
    AuthenticationRequest.Builder builder = new AuthenticationRequest.Builder(ResponseType.CODE,
      Scope.parse("openid email"), new ClientID(client.get("client_id")), URI.create(callback()))
      .endpointURI(provider.getAuthorizationEndpointURI()).state(state).nonce(nonce)
      .codeChallenge(verifier, CodeChallengeMethod.S256);
    more.accept(builder);
    return new Attempt(builder.build(), verifier, state, nonce);
  }

  private OIDCTokenResponse exchange(AuthorizationSuccessResponse reply, Attempt attempt) throws Exception {
    TokenRequest request = new TokenRequest(provider.getTokenEndpointURI(), new ClientSecretBasic(
      new ClientID(client.get("client_id")), new Secret(client.get("client_secret"))),
      new AuthorizationCodeGrant(reply.getAuthorizationCode(), URI.create(callback()), attempt.verifier()));
    return (OIDCTokenResponse) OIDCTokenResponseParser.parse(request.toHTTPRequest().send()).toSuccessResponse();
  }

  /** Asks for an account for {@code email} on the sign-up page of a fresh request of the shop; the page answered. */
  private UserAgent.Page signUp(UserAgent agent, String email) {
    UserAgent.Page form = agent.open(URI.create(OidcProviderApp.issuer(app) + "/account/signup?"
      + attempt(builder -> { }).request().toQueryString()));
    assertThat(form.status()).isEqualTo(200);
    return agent.submit(form, Map.of("email", email));
  }

  private Map<String, String> register(String name, String... options) {
    List<String> arguments = new java.util.ArrayList<>(List.of("apps", "oidc", "--app", name, "--redirect-uri", callback()));
    arguments.addAll(List.of(options));
    Cli.Run run = Cli.run(arguments.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    Map<String, String> printed = new HashMap<>();
    run.lines().forEach(line -> printed.putIfAbsent(line.split("\t", 2)[0], line.split("\t", 2)[1]));
    app.reloadCaches();
    return printed;
  }

  private static String activationLink(MimeMessage mail) throws Exception {
    return activation(mail).group(1);
  }

  private static Matcher activation(MimeMessage mail) {
    try {
      Matcher link = ACTIVATION.matcher(textOf(mail));
      assertThat(link.find()).as("an activation link with its way back in: " + textOf(mail)).isTrue();
      return link;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static String recipient(MimeMessage mail) {
    try {
      return mail.getAllRecipients()[0].toString();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static String main(UserAgent.Page page) {
    return page.body().replaceAll("(?s).*<main[^>]*>(.*)</main>.*", "$1");
  }

  private static String encode(String value) {
    return java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8);
  }

  private static String callback() {
    return "http://127.0.0.1:" + shop.actualPort() + "/callback";
  }
}
