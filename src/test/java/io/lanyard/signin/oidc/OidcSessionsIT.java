package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationResponse;
import com.nimbusds.oauth2.sdk.TokenErrorResponse;
import com.nimbusds.oauth2.sdk.TokenIntrospectionRequest;
import com.nimbusds.oauth2.sdk.TokenIntrospectionResponse;
import com.nimbusds.oauth2.sdk.TokenIntrospectionSuccessResponse;
import com.nimbusds.oauth2.sdk.TokenRevocationRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientAuthentication;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.AccessTokenResponse;
import com.nimbusds.oauth2.sdk.token.BearerAccessToken;
import com.nimbusds.oauth2.sdk.token.RefreshToken;
import com.nimbusds.openid.connect.sdk.LogoutRequest;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.Prompt;
import com.nimbusds.openid.connect.sdk.UserInfoRequest;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.UserAgent;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The single sign-on session across clients, and what ends it; refresh rotation and its reuse detection; consent; a public
 * client; userinfo, revocation and introspection as a client uses them.
 */
class OidcSessionsIT extends OidcFixture {

  @Test
  void aSecondClientGetsACodeWithNoPasswordTypedAndPromptNoneWorksForIt() throws Exception {
    tokens(portal, "openid");
    OidcClientsFixture.Client scanner = OidcClientsFixture.register(app, "scanner", "https://scanner.fair.example/cb",
      "--first-party");

    Attempt silent = attempt(scanner, "openid", builder -> builder.prompt(new Prompt(Prompt.Type.NONE)));
    URI callback = UserAgent.redirectOf(browser.open(silent.uri()));

    AuthorizationCode code = code(callback);
    OIDCTokenResponse tokens = (OIDCTokenResponse) exchange(scanner, code, silent.verifier()).toSuccessResponse();
    IDTokenClaimsSet claims = validator(scanner).validate(tokens.getOIDCTokens().getIDToken(), silent.nonce());
    assertThat(claims.getSubject().getValue()).isEqualTo(userId);
  }

  @Test
  void promptNoneWithoutASessionIsLoginRequired() throws Exception {
    Attempt silent = attempt(portal, "openid", builder -> builder.prompt(new Prompt(Prompt.Type.NONE)));

    URI callback = UserAgent.redirectOf(browser.open(silent.uri()));

    assertThat(AuthorizationResponse.parse(callback).toErrorResponse().getErrorObject().getCode()).isEqualTo("login_required");
    assertThat(AuthorizationResponse.parse(callback).getState()).isEqualTo(silent.state());
  }

  @Test
  void promptLoginAndMaxAgeZeroAskForThePasswordAgainAndMoveAuthTime() throws Exception {
    OIDCTokenResponse first = tokens(portal, "openid");
    long firstAuth = validator(portal).validate(first.getOIDCTokens().getIDToken(), null).getAuthenticationTime().getTime();
    db.query("UPDATE oidc_sessions SET auth_time = auth_time - interval '1 minute'");

    for (Attempt forced : new Attempt[] {attempt(portal, "openid", builder -> builder.prompt(new Prompt(Prompt.Type.LOGIN))),
      attempt(portal, "openid", builder -> builder.maxAge(0))}) {
      UserAgent.Page page = browser.open(forced.uri());
      assertThat(page.status()).isEqualTo(200);
      assertThat(page.body()).contains("Sign in");
      AuthorizationCode code = code(UserAgent.redirectOf(browser.submit(page, Map.of("email", ANN, "password", PASSWORD))));
      OIDCTokenResponse tokens = (OIDCTokenResponse) exchange(portal, code, forced.verifier()).toSuccessResponse();
      long auth = validator(portal).validate(tokens.getOIDCTokens().getIDToken(), forced.nonce()).getAuthenticationTime()
        .getTime();
      assertThat(auth).isGreaterThanOrEqualTo(firstAuth);
    }
  }

  @Test
  void aGlobalLogoutOrADisabledAccountEndsTheSsoSessionAndTheRefreshTokens() throws Exception {
    OIDCTokenResponse tokens = tokens(portal, "openid");
    String apiToken = Accounts.login(app, ANN, PASSWORD);

    assertThat(app.http().post("/_logout?global=true", new JsonObject(), apiToken).status()).isEqualTo(200);

    Attempt silent = attempt(portal, "openid", builder -> builder.prompt(new Prompt(Prompt.Type.NONE)));
    URI callback = UserAgent.redirectOf(browser.open(silent.uri()));
    assertThat(AuthorizationResponse.parse(callback).toErrorResponse().getErrorObject().getCode()).isEqualTo("login_required");
    TokenResponse refreshed = refresh(portal, tokens.getOIDCTokens().getRefreshToken());
    assertThat(((TokenErrorResponse) refreshed).getErrorObject().getCode()).isEqualTo("invalid_grant");
    assertThat(app.http().get("/_me", tokens.getOIDCTokens().getAccessToken().getValue()).status()).isEqualTo(401);
  }

  @Test
  void aRefreshTokenIsReplacedAtEachUseAndARotatedOneUsedAgainRevokesTheFamily() throws Exception {
    OIDCTokenResponse tokens = tokens(portal, "openid offline_access");
    RefreshToken first = tokens.getOIDCTokens().getRefreshToken();

    AccessTokenResponse second = refresh(portal, first).toSuccessResponse();
    RefreshToken rotated = second.getTokens().getRefreshToken();
    assertThat(rotated).isNotNull().isNotEqualTo(first);
    assertThat(app.http().get("/_me", second.getTokens().getAccessToken().getValue()).status()).isEqualTo(200);
    // two refreshes of one scanner at once: the second, within the grace, gets a pair of its own
    assertThat(refresh(portal, first).indicatesSuccess()).isTrue();

    db.query("UPDATE oidc_refresh_tokens SET used_at = now() - interval '1 minute' WHERE used_at IS NOT NULL");
    TokenResponse reused = refresh(portal, first);

    assertThat(((TokenErrorResponse) reused).getErrorObject().getCode()).isEqualTo("invalid_grant");
    assertThat(((TokenErrorResponse) refresh(portal, rotated)).getErrorObject().getCode()).isEqualTo("invalid_grant");
    assertThat(db.count("SELECT count(*) FROM oidc_grants WHERE revoked_at IS NOT NULL")).isEqualTo(1);
    awaitAudit("oidc.refresh_reused", 1);
  }

  @Test
  void aClientThatIsNotFirstPartyAsksConsentOnceAndARefusalIsAccessDenied() throws Exception {
    OidcClientsFixture.Client shop = OidcClientsFixture.register(app, "shop", "https://shop.example/cb");
    Attempt refused = attempt(shop, "openid email");
    UserAgent.Page consent = browser.submit(browser.open(refused.uri()), Map.of("email", ANN, "password", PASSWORD));
    assertThat(consent.status()).isEqualTo(200);
    assertThat(consent.body()).contains("Allow access to your account?").contains("see your e-mail address");

    URI denied = UserAgent.redirectOf(browser.submit(consent, Map.of("decision", "refuse")));
    assertThat(AuthorizationResponse.parse(denied).toErrorResponse().getErrorObject().getCode()).isEqualTo("access_denied");

    Attempt allowed = attempt(shop, "openid email");
    UserAgent.Page again = browser.open(allowed.uri());
    assertThat(again.body()).contains("Allow access to your account?");
    AuthorizationCode code = code(UserAgent.redirectOf(browser.submit(again, Map.of())));
    assertThat(exchange(shop, code, allowed.verifier()).indicatesSuccess()).isTrue();
    assertThat(db.count("SELECT count(*) FROM oidc_consents")).isEqualTo(1);

    Attempt remembered = attempt(shop, "openid email");
    assertThat(code(UserAgent.redirectOf(browser.open(remembered.uri())))).isNotNull();
    awaitAudit("oidc.consent_granted", 1);
  }

  @Test
  void aPublicClientAuthenticatesWithNothingButPkce() throws Exception {
    OidcClientsFixture.Client app2 = OidcClientsFixture.register(app, "mobile", "http://127.0.0.1:8765/cb", "--public",
      "--first-party");
    assertThat(app2.secret()).isNull();
    Attempt attempt = attempt(app2, "openid");

    TokenResponse response = com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser.parse(new com.nimbusds.oauth2.sdk.TokenRequest(
      provider.getTokenEndpointURI(), new ClientID(app2.clientId()), new com.nimbusds.oauth2.sdk.AuthorizationCodeGrant(
        signIn(attempt), URI.create(app2.redirectUri()), attempt.verifier())).toHTTPRequest().send());

    assertThat(response.indicatesSuccess()).isTrue();
  }

  @Test
  void userinfoRefusesAMissingOrBadTokenWith401AndItsChallenge() throws Exception {
    HTTPResponse none = new HTTPRequest(HTTPRequest.Method.GET, provider.getUserInfoEndpointURI()).send();
    HTTPResponse bad = new UserInfoRequest(provider.getUserInfoEndpointURI(), new BearerAccessToken("not.a.token")).toHTTPRequest()
      .send();
    HTTPResponse apiToken = new UserInfoRequest(provider.getUserInfoEndpointURI(),
      new BearerAccessToken(Accounts.login(app, ANN, PASSWORD))).toHTTPRequest().send();

    assertThat(none.getStatusCode()).isEqualTo(401);
    assertThat(none.getWWWAuthenticate()).startsWith("Bearer");
    assertThat(bad.getStatusCode()).isEqualTo(401);
    assertThat(bad.getWWWAuthenticate()).contains("error=\"invalid_token\"");
    assertThat(apiToken.getStatusCode()).isEqualTo(401);
    assertThat(bad.getCacheControl()).isEqualTo("no-store");
  }

  /**
   * Userinfo reads the accounts asked for at the same moment in one statement, as {@code /_me} does: each client still gets
   * its own account's claims, by the scopes of its own token, and an account no longer active answers 401 while the others
   * are served beside it.
   */
  @Test
  void userinfoAskedForManyAccountsAtOnceAnswersEachWithItsOwnClaims() throws Exception {
    String[] scopes = {"openid email profile", "openid email", "openid"};
    String[] emails = {ANN, "bob@example.com", "cid@example.com"};
    String[] ids = {userId, Accounts.createActive(app, emails[1], PASSWORD), Accounts.createActive(app, emails[2], PASSWORD)};
    String[] tokens = new String[3];
    for (int i = 0; i < 3; i++) {
      UserAgent own = new UserAgent(io.lanyard.testing.OidcProviderApp.issuer(app));
      Attempt attempt = attempt(portal, scopes[i]);
      AuthorizationCode code = code(own.signIn(attempt.uri(), emails[i], PASSWORD));
      tokens[i] = ((OIDCTokenResponse) exchange(portal, code, attempt.verifier()).toSuccessResponse()).getOIDCTokens()
        .getAccessToken().getValue();
    }
    db.query("UPDATE users SET status = 'disabled' WHERE id = $1::uuid", ids[2]);

    HttpClient http = HttpClient.newHttpClient();
    List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
    for (int round = 0; round < 10; round++) {
      for (String token : tokens) {
        answers.add(http.sendAsync(HttpRequest.newBuilder(provider.getUserInfoEndpointURI())
          .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString()));
      }
    }

    for (int i = 0; i < answers.size(); i++) {
      HttpResponse<String> answer = answers.get(i).get();
      switch (i % 3) {
        case 0 -> {
          assertThat(answer.statusCode()).isEqualTo(200);
          assertThat(new JsonObject(answer.body()).getMap()).containsEntry("sub", ids[0]).containsEntry("email", ANN)
            .containsEntry("locale", "en-GB");
        }
        case 1 -> {
          assertThat(answer.statusCode()).isEqualTo(200);
          assertThat(new JsonObject(answer.body()).getMap()).containsOnlyKeys("sub", "email", "email_verified")
            .containsEntry("sub", ids[1]).containsEntry("email", emails[1]);
        }
        default -> {
          assertThat(answer.statusCode()).isEqualTo(401);
          assertThat(answer.headers().firstValue("WWW-Authenticate").orElse("")).contains("error=\"invalid_token\"");
        }
      }
    }
  }

  @Test
  void revocationEndsAnAccessTokenAndIntrospectionSaysSo() throws Exception {
    OIDCTokenResponse tokens = tokens(portal, "openid");
    BearerAccessToken access = tokens.getOIDCTokens().getBearerAccessToken();
    ClientAuthentication auth = authentication(portal);

    TokenIntrospectionSuccessResponse live = introspect(auth, access);
    assertThat(live.isActive()).isTrue();
    assertThat(live.getSubject().getValue()).isEqualTo(userId);
    assertThat(live.getClientID().getValue()).isEqualTo(portal.clientId());

    HTTPResponse revoked = new TokenRevocationRequest(provider.getRevocationEndpointURI(), auth, access).toHTTPRequest().send();

    assertThat(revoked.getStatusCode()).isEqualTo(200);
    assertThat(introspect(auth, access).isActive()).isFalse();
    assertThat(app.http().get("/_me", access.getValue()).status()).isEqualTo(401);
    HTTPResponse unknown = new TokenRevocationRequest(provider.getRevocationEndpointURI(), auth,
      new RefreshToken("unknown")).toHTTPRequest().send();
    assertThat(unknown.getStatusCode()).isEqualTo(200);
  }

  @Test
  void logoutWithAnIdTokenHintEndsTheSessionAndGoesToTheRegisteredUriWithState() throws Exception {
    OIDCTokenResponse tokens = tokens(portal, "openid");
    State state = new State();

    URI location = UserAgent.redirectOf(browser.open(new LogoutRequest(provider.getEndSessionEndpointURI(),
      tokens.getOIDCTokens().getIDToken(), URI.create("https://portal.fair.example/bye"), state).toURI()));

    assertThat(location).hasToString("https://portal.fair.example/bye?state=" + state.getValue());
    assertThat(db.count("SELECT count(*) FROM oidc_sessions WHERE ended_at IS NOT NULL")).isEqualTo(1);
    assertThat(((TokenErrorResponse) refresh(portal, tokens.getOIDCTokens().getRefreshToken())).getErrorObject().getCode())
      .isEqualTo("invalid_grant");
    Attempt silent = attempt(portal, "openid", builder -> builder.prompt(new Prompt(Prompt.Type.NONE)));
    URI callback = UserAgent.redirectOf(browser.open(silent.uri()));
    assertThat(AuthorizationResponse.parse(callback).toErrorResponse().getErrorObject().getCode()).isEqualTo("login_required");
  }

  @Test
  void aLogoutPostedFromTheClientsSiteWithoutTheCookieEndsTheSessionItsHintNames() throws Exception {
    OIDCTokenResponse tokens = tokens(portal, "openid");
    UserAgent clientSite = new UserAgent(io.lanyard.testing.OidcProviderApp.issuer(app));

    UserAgent.Page signedOut = clientSite.post(provider.getEndSessionEndpointURI(),
      Map.of("id_token_hint", tokens.getOIDCTokens().getIDToken().serialize()));

    assertThat(signedOut.status()).isEqualTo(200);
    assertThat(db.count("SELECT count(*) FROM oidc_sessions WHERE ended_at IS NOT NULL")).isEqualTo(1);
  }

  @Test
  void logoutToAnUnregisteredUriOrWithoutAHintNeverRedirectsThere() throws Exception {
    OIDCTokenResponse tokens = tokens(portal, "openid");

    UserAgent.Page unregistered = browser.open(new LogoutRequest(provider.getEndSessionEndpointURI(),
      tokens.getOIDCTokens().getIDToken(), URI.create("https://evil.example/"), new State()).toURI());
    assertThat(unregistered.status()).isEqualTo(200);
    assertThat(unregistered.body()).contains("You are signed out");

    tokens(portal, "openid");
    UserAgent.Page confirm = browser.open(URI.create(provider.getEndSessionEndpointURI()
      + "?post_logout_redirect_uri=https://portal.fair.example/bye&client_id=" + portal.clientId()));
    assertThat(confirm.body()).contains("Sign out?");
    assertThat(db.count("SELECT count(*) FROM oidc_sessions WHERE ended_at IS NULL")).isEqualTo(1);
    URI after = UserAgent.redirectOf(browser.submit(confirm, Map.of()));
    assertThat(after).hasToString("https://portal.fair.example/bye");
    assertThat(db.count("SELECT count(*) FROM oidc_sessions WHERE ended_at IS NULL")).isZero();
  }

  private static TokenIntrospectionSuccessResponse introspect(ClientAuthentication auth, BearerAccessToken token)
    throws Exception {
    return TokenIntrospectionResponse.parse(new TokenIntrospectionRequest(provider.getIntrospectionEndpointURI(), auth, token)
      .toHTTPRequest().send()).toSuccessResponse();
  }
}
