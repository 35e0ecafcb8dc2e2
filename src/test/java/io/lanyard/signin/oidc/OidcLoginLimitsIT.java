package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Http;
import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.lanyard.testing.UserAgent;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hosted login page spends what {@code /_login/local} spends (docs/decisions.md §13): the per-identifier lockout, counted
 * across both, alike for an unknown address, and the per-source rate of the credentials routes, one bucket for both. Each
 * test starts its own provider with the limit under test low and the other off, and the test machine not allow-listed.
 */
class OidcLoginLimitsIT {

  private static final String ANN = "ann@example.com";
  private static final String WRONG = "not the password";

  private final TestDb db = TestDb.get();
  private TestApp app;
  private OidcClientsFixture.Client portal;
  private UserAgent browser;

  @BeforeEach
  void emptyDatabase() {
    db.truncate();
  }

  @AfterEach
  void stop() {
    if (app != null) {
      app.close();
    }
  }

  private void start(Map<String, String> settings) {
    app = OidcProviderApp.start(settings);
    portal = OidcClientsFixture.register(app, "portal", "https://portal.fair.example/callback", "--first-party");
    Accounts.createActive(app, ANN, Accounts.PASSWORD);
    browser = new UserAgent(OidcProviderApp.issuer(app));
  }

  @Test
  void aLockedAccountIsRefusedOnTheLoginPageEvenWithTheRightPasswordAndSoIsAnUnknownAddress() {
    start(Map.of("LANYARD_LOCKOUT_FAILURES", "3", "LANYARD_LOCKOUT_WAIT", "10s", "LANYARD_SOURCE_RATE_CREDENTIALS", "off"));
    for (int attempt = 0; attempt < 3; attempt++) {
      UserAgent.Page wrong = submitLogin(ANN, WRONG);
      assertThat(wrong.status()).isEqualTo(401);
      assertThat(wrong.body()).contains("The e-mail address or the password is not right");
    }
    long hashedBefore = app.lanyard().hasher().verifications();

    UserAgent.Page locked = submitLogin(ANN, Accounts.PASSWORD);

    assertLockedPage(locked);
    assertThat(app.lanyard().hasher().verifications()).isEqualTo(hashedBefore);
    assertThat(browser.cookie("lanyard-sso")).isEmpty();
    assertThat(db.count("SELECT count(*) FROM oidc_sessions")).isZero();
    // the API's login counts the same failures: locked there too
    assertThat(app.http().post("/_login/local", credentials(ANN, Accounts.PASSWORD)).status()).isEqualTo(429);

    for (int attempt = 0; attempt < 3; attempt++) {
      assertThat(submitLogin("nobody@example.com", WRONG).status()).isEqualTo(401);
    }
    assertLockedPage(submitLogin("nobody@example.com", WRONG));
  }

  @Test
  void failuresOnTheApisLoginLockTheLoginPage() {
    start(Map.of("LANYARD_LOCKOUT_FAILURES", "3", "LANYARD_LOCKOUT_WAIT", "10s", "LANYARD_SOURCE_RATE_CREDENTIALS", "off"));
    for (int attempt = 0; attempt < 3; attempt++) {
      assertThat(app.http().post("/_login/local", credentials(ANN, WRONG)).status()).isEqualTo(401);
    }

    assertLockedPage(submitLogin(ANN, Accounts.PASSWORD));
  }

  @Test
  void theSourcesRateIsOneBucketWithTheApisLoginAndAnsweredWithTheTooManyAttemptsPage() {
    start(Map.of("LANYARD_SOURCE_ALLOWLIST", "", "LANYARD_SOURCE_RATE_CREDENTIALS", "3/1h", "LANYARD_LOCKOUT_FAILURES", "0"));
    assertThat(submitLogin(ANN, WRONG).status()).isEqualTo(401);
    assertThat(app.http().post("/_login/local", credentials(ANN, WRONG)).status()).isEqualTo(401);
    assertThat(submitLogin(ANN, WRONG).status()).isEqualTo(401);
    long hashedBefore = app.lanyard().hasher().verifications();

    UserAgent.Page limited = submitLogin(ANN, Accounts.PASSWORD);

    assertThat(limited.status()).isEqualTo(429);
    assertThat(limited.header("Retry-After")).isPresent();
    assertThat(limited.body()).contains("Too many attempts");
    assertThat(app.lanyard().hasher().verifications()).isEqualTo(hashedBefore);
    assertThat(db.count("SELECT count(*) FROM oidc_sessions")).isZero();
    assertThat(app.http().post("/_login/local", credentials(ANN, Accounts.PASSWORD)).status()).isEqualTo(429);
  }

  private UserAgent.Page submitLogin(String email, String password) {
    CodeVerifier verifier = new CodeVerifier();
    URI authorize = new AuthenticationRequest.Builder(ResponseType.CODE, Scope.parse("openid"),
      new ClientID(portal.clientId()), URI.create(portal.redirectUri()))
      .endpointURI(URI.create(OidcProviderApp.issuer(app) + "/oidc/authorize")).state(new State())
      .codeChallenge(verifier, CodeChallengeMethod.S256).build().toURI();
    UserAgent.Page login = browser.open(authorize);
    assertThat(login.status()).withFailMessage("expected the login page, got %s", login.status()).isEqualTo(200);
    return browser.submit(login, Map.of("email", email, "password", password));
  }

  private static void assertLockedPage(UserAgent.Page page) {
    assertThat(page.status()).withFailMessage(page.body()).isEqualTo(429);
    assertThat(Integer.parseInt(page.header("Retry-After").orElseThrow())).isBetween(1, 10);
    assertThat(page.body()).contains("Too many attempts").doesNotContain("The e-mail address or the password is not right");
  }

  private static JsonObject credentials(String username, String password) {
    return new JsonObject().put("username", username).put("password", password);
  }
}
