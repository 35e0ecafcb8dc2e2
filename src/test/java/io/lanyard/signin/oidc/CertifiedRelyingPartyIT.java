package io.lanyard.signin.oidc;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An independent, OpenID-certified relying party, panva's openid-client for Node.js (src/test/node/openid-client-rp, installed
 * from its lock file by the build's {@code npm ci}, as the Kuzzle SDK is), against a fresh install configured only with {@code http.publicUrl} and {@code apps oidc}: one
 * first-party confidential client, one first-party public client, one account. The library is given the five values of
 * docs/oidc.md and nothing else (no algorithm: RS256 by default); the login page is posted as a plain HTML form. What the
 * script saw comes back as JSON, asserted here field by field.
 */
class CertifiedRelyingPartyIT {

  private static final Path RP = Path.of("src", "test", "node", "openid-client-rp");
  private static final String PASSWORD = "a long password";
  private static final String ANN = "ann@example.com";

  private static TestApp app;
  private static String issuer;
  private static String userId;

  @BeforeAll
  static void freshInstall() {
    TestDb.get().truncate();
    app = OidcProviderApp.start(Map.of());
    issuer = OidcProviderApp.issuer(app);
    userId = Accounts.createActive(app, ANN, PASSWORD);
    TestDb.get().query("UPDATE users SET profile = '{\"firstname\":\"Ann\",\"lastname\":\"Lee\"}'::jsonb WHERE id = $1",
      UUID.fromString(userId));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void aConfidentialClientSignsInRefreshesAndLogsOutWithOpenidClient() throws Exception {
    OidcClientsFixture.Client portal = OidcClientsFixture.register(app, "exhibitor-portal", "http://127.0.0.1:9/callback",
      "--first-party", "--post-logout-redirect-uri", "http://127.0.0.1:9/bye");

    JsonObject seen = run(portal, "http://127.0.0.1:9/bye");

    assertFlow(seen, portal, "http://127.0.0.1:9/callback", "http://127.0.0.1:9/bye");
  }

  @Test
  void aPublicClientDoesTheSameWithPkceAlone() throws Exception {
    OidcClientsFixture.Client scanner = OidcClientsFixture.register(app, "badge-scanner", "http://localhost:9/oauth",
      "--first-party", "--public", "--post-logout-redirect-uri", "http://localhost:9/signed-out");
    assertThat(scanner.secret()).isNull();

    JsonObject seen = run(scanner, "http://localhost:9/signed-out");

    assertFlow(seen, scanner, "http://localhost:9/oauth", "http://localhost:9/signed-out");
  }

  private void assertFlow(JsonObject seen, OidcClientsFixture.Client client, String redirectUri, String postLogout) {
    JsonObject discovery = seen.getJsonObject("discovery");
    assertThat(discovery.getString("issuer")).isEqualTo(issuer);
    assertThat(discovery.getJsonArray("idTokenSigningAlgs")).isEqualTo(JsonArray.of("RS256", "ES256"));
    assertThat(discovery.getJsonArray("codeChallengeMethods")).isEqualTo(JsonArray.of("S256"));
    assertThat(discovery.getString("endSessionEndpoint")).isEqualTo(issuer + "/oidc/logout");

    assertThat(seen.getJsonObject("authorizationUrl").getString("codeChallengeMethod")).isEqualTo("S256");
    assertThat(seen.getJsonObject("authorizationUrl").getBoolean("hasCodeChallenge")).isTrue();

    JsonObject login = seen.getJsonObject("loginPage");
    assertThat(login.getInteger("status")).isEqualTo(200);
    assertThat(login.getString("contentType")).startsWith("text/html");
    assertThat(login.getBoolean("hasInlineScript")).isFalse();
    assertThat(login.getString("formMethod")).isEqualTo("post");
    assertThat(login.getJsonArray("hiddenFields")).isNotEmpty();

    JsonObject callback = seen.getJsonObject("callback");
    assertThat(callback.getInteger("status")).isEqualTo(303);
    assertThat(callback.getString("origin")).isEqualTo(redirectUri);
    assertThat(callback.getBoolean("hasCode")).isTrue();
    assertThat(callback.getBoolean("stateMatches")).isTrue();
    assertThat(callback.getString("iss")).isEqualTo(issuer);

    JsonObject tokens = seen.getJsonObject("tokens");
    assertThat(tokens.getString("tokenType")).isEqualToIgnoringCase("bearer");
    assertThat(tokens.getInteger("expiresIn")).isPositive();
    assertThat(tokens.getString("scope")).contains("openid").contains("email").contains("profile");
    assertThat(tokens.getBoolean("hasRefreshToken")).isTrue();
    assertThat(tokens.getString("idTokenAlg")).isEqualTo("RS256");
    JsonObject rsaKey = app.http().get("/.well-known/jwks.json").body().getJsonArray("keys").getJsonObject(0);
    assertThat(tokens.getString("idTokenKid")).isEqualTo(rsaKey.getString("kid"));

    JsonObject idToken = seen.getJsonObject("idToken");
    assertThat(idToken.getString("iss")).isEqualTo(issuer);
    assertThat(idToken.getString("sub")).isEqualTo(userId);
    assertThat(idToken.getValue("aud").toString()).contains(client.clientId());
    assertThat(idToken.getString("azp")).isEqualTo(client.clientId());
    assertThat(idToken.getBoolean("nonceMatches")).isTrue();
    assertThat(idToken.getString("email")).isEqualTo(ANN);
    assertThat(idToken.getBoolean("emailVerified")).isFalse();
    assertThat(idToken.getString("givenName")).isEqualTo("Ann");
    assertThat(idToken.getString("familyName")).isEqualTo("Lee");
    assertThat(idToken.getBoolean("hasAuthTime")).isTrue();
    assertThat(idToken.getBoolean("hasSid")).isTrue();

    JsonObject userinfo = seen.getJsonObject("userinfo");
    assertThat(userinfo.getString("sub")).isEqualTo(userId);
    assertThat(userinfo.getString("email")).isEqualTo(ANN);
    assertThat(userinfo.getString("givenName")).isEqualTo("Ann");

    JsonObject refresh = seen.getJsonObject("refresh");
    assertThat(refresh.getString("tokenType")).isEqualToIgnoringCase("bearer");
    assertThat(refresh.getBoolean("newAccessToken")).isTrue();
    assertThat(refresh.getBoolean("rotatedRefreshToken")).isTrue();

    JsonObject logout = seen.getJsonObject("logout");
    assertThat(logout.getInteger("status")).isEqualTo(303);
    assertThat(logout.getString("location")).startsWith(postLogout + "?state=bye-");
    assertThat(seen.getJsonObject("afterLogout").getInteger("status")).isEqualTo(200);
    assertThat(seen.getJsonObject("afterLogout").getBoolean("loginPage")).isTrue();
    assertThat(TestDb.get().count("SELECT count(*) FROM oidc_consents")).isZero();
  }

  /** Runs the node relying party with the five values and the account; what it printed. */
  private static JsonObject run(OidcClientsFixture.Client client, String postLogoutRedirectUri) throws Exception {
    assertThat(RP.resolve("node_modules").resolve("openid-client")).withFailMessage(
      "openid-client is not installed: the build runs npm ci in " + RP + " before the integration tests").isDirectory();
    ProcessBuilder node = new ProcessBuilder("node", "rp.mjs").directory(RP.toFile());
    node.environment().put("RP_ISSUER", issuer);
    node.environment().put("RP_CLIENT_ID", client.clientId());
    node.environment().put("RP_CLIENT_SECRET", client.secret() == null ? "" : client.secret());
    node.environment().put("RP_REDIRECT_URI", client.redirectUri());
    node.environment().put("RP_POST_LOGOUT_REDIRECT_URI", postLogoutRedirectUri);
    node.environment().put("RP_EMAIL", ANN);
    node.environment().put("RP_PASSWORD", PASSWORD);
    Path out = Files.createTempFile("openid-client-rp", ".out");
    Path err = Files.createTempFile("openid-client-rp", ".err");
    try {
      Process process = node.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      assertThat(process.waitFor(90, TimeUnit.SECONDS)).withFailMessage("the node relying party did not finish").isTrue();
      assertThat(process.exitValue()).withFailMessage("the node relying party failed: %s", Files.readString(err)).isZero();
      return new JsonObject(Files.readString(out).strip());
    } finally {
      Files.delete(out);
      Files.delete(err);
    }
  }
}
