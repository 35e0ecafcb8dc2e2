package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationErrorResponse;
import com.nimbusds.oauth2.sdk.AuthorizationResponse;
import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.OAuth2Error;
import com.nimbusds.oauth2.sdk.TokenErrorResponse;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import io.lanyard.testing.UserAgent;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The attacks "How it is checked" lists, each through the public endpoints: a code used twice, a missing or wrong PKCE
 * verifier, a code presented by another client, an unregistered or near-miss redirect URI, an unknown client, a wrong
 * password, a bad client secret, requests without PKCE or with {@code plain}.
 */
class OidcAttacksIT extends OidcFixture {

  @Test
  void aCodeUsedTwiceIsRefusedAndWhatItsFirstUseIssuedIsRevoked() throws Exception {
    Attempt attempt = attempt(portal, "openid");
    AuthorizationCode code = signIn(attempt);
    OIDCTokenResponse first = (OIDCTokenResponse) exchange(portal, code, attempt.verifier()).toSuccessResponse();
    String accessToken = first.getOIDCTokens().getAccessToken().getValue();
    assertThat(app.http().get("/_me", accessToken).status()).isEqualTo(200);

    TokenResponse second = exchange(portal, code, attempt.verifier());

    assertThat(error(second).getCode()).isEqualTo("invalid_grant");
    assertThat(error(second).getHTTPStatusCode()).isEqualTo(400);
    assertThat(app.http().get("/_me", accessToken).status()).isEqualTo(401);
    assertThat(error(refresh(portal, first.getOIDCTokens().getRefreshToken())).getCode()).isEqualTo("invalid_grant");
    awaitAudit("oidc.code_reused", 1);
  }

  @Test
  void aCodeWithoutItsVerifierOrWithAnotherIsRefused() throws Exception {
    Attempt missing = attempt(portal, "openid");
    AuthorizationCode first = signIn(missing);
    assertThat(error(exchange(portal, first, null)).getCode()).isEqualTo("invalid_grant");

    Attempt wrong = attempt(portal, "openid");
    AuthorizationCode second = code(browser.open(wrong.uri()).header("Location").map(URI::create).orElseThrow());
    assertThat(error(exchange(portal, second, new CodeVerifier())).getCode()).isEqualTo("invalid_grant");
  }

  /** The account's claims are read with the code: an account disabled between sign-in and exchange gets nothing. */
  @Test
  void aCodeWhoseAccountWasDisabledBeforeItsExchangeIsRefusedAndIssuesNothing() throws Exception {
    Attempt attempt = attempt(portal, "openid email");
    AuthorizationCode code = signIn(attempt);
    db.query("UPDATE users SET status = 'disabled' WHERE id = $1::uuid", userId);

    assertThat(error(exchange(portal, code, attempt.verifier())).getCode()).isEqualTo("invalid_grant");
    assertThat(db.count("SELECT count(*) FROM oidc_grants")).isZero();
    assertThat(db.count("SELECT count(*) FROM user_sessions")).isZero();
  }

  @Test
  void aCodePresentedByAnotherClientIsRefusedAndStaysUsableByItsOwn() throws Exception {
    OidcClientsFixture.Client other = OidcClientsFixture.register(app, "scanner", "https://scanner.fair.example/cb",
      "--first-party");
    Attempt attempt = attempt(portal, "openid");
    AuthorizationCode code = signIn(attempt);

    TokenResponse stolen = token(new ClientSecretBasic(new ClientID(other.clientId()), new Secret(other.secret())),
      new com.nimbusds.oauth2.sdk.AuthorizationCodeGrant(code, URI.create(portal.redirectUri()), attempt.verifier()));

    assertThat(error(stolen).getCode()).isEqualTo("invalid_grant");
    assertThat(exchange(portal, code, attempt.verifier()).indicatesSuccess()).isTrue();
  }

  @Test
  void anUnknownClientOrAnUnregisteredRedirectUriGetsAPageAndNeverARedirect() throws Exception {
    String registered = portal.redirectUri();
    for (String redirect : new String[] {"https://evil.example/callback", registered + "/", registered + "?x=1",
      registered.toUpperCase(), "https://portal.fair.example/callback2", registered.replace("https", "http")}) {
      Attempt attempt = attempt(new OidcClientsFixture.Client(portal.clientId(), portal.secret(), redirect, Map.of()),
        "openid");

      UserAgent.Page page = browser.open(attempt.uri());

      assertThat(page.status()).as(redirect).isEqualTo(400);
      assertThat(page.header("Location")).as(redirect).isEmpty();
      assertThat(page.body()).contains("This sign-in cannot go on");
    }
    Attempt unknown = attempt(new OidcClientsFixture.Client("no-such-client", "", registered, Map.of()), "openid");
    UserAgent.Page page = browser.open(unknown.uri());
    assertThat(page.status()).isEqualTo(400);
    assertThat(page.header("Location")).isEmpty();
    assertThat(page.body()).contains("not known to us");
  }

  @Test
  void requestsWithoutPkceOrWithPlainGoBackWithInvalidRequestStateAndIss() throws Exception {
    String base = provider.getAuthorizationEndpointURI() + "?response_type=code&scope=openid&client_id=" + portal.clientId()
      + "&redirect_uri=" + portal.redirectUri() + "&state=s1";
    for (String query : new String[] {"", "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=plain"}) {
      URI location = UserAgent.redirectOf(browser.open(URI.create(base + query)));

      AuthorizationErrorResponse refused = AuthorizationResponse.parse(location).toErrorResponse();
      assertThat(refused.getErrorObject().getCode()).as(query).isEqualTo("invalid_request");
      assertThat(refused.getState().getValue()).isEqualTo("s1");
      assertThat(refused.getIssuer()).isEqualTo(provider.getIssuer());
      assertThat(location.toString()).startsWith(portal.redirectUri() + "?");
    }
  }

  @Test
  void aScopeWithoutOpenidOrAnotherResponseTypeIsRefusedWithARedirect() throws Exception {
    URI location = UserAgent.redirectOf(browser.open(URI.create(attempt(portal, "openid").uri().toString()
      .replace("scope=openid", "scope=email"))));
    assertThat(AuthorizationResponse.parse(location).toErrorResponse().getErrorObject().getCode()).isEqualTo("invalid_scope");

    URI token = UserAgent.redirectOf(browser.open(URI.create(attempt(portal, "openid").uri().toString()
      .replace("response_type=code", "response_type=token"))));
    assertThat(AuthorizationResponse.parse(token).toErrorResponse().getErrorObject().getCode())
      .isEqualTo("unsupported_response_type");
  }

  @Test
  void aWrongPasswordAndAnUnknownAddressGetTheSamePageAndNoSession() {
    Attempt attempt = attempt(portal, "openid");
    UserAgent.Page login = browser.open(attempt.uri());

    UserAgent.Page wrong = browser.submit(login, Map.of("email", ANN, "password", "not the password"));
    UserAgent.Page unknown = browser.submit(browser.open(attempt.uri()), Map.of("email", "nobody@example.com",
      "password", "not the password"));

    assertThat(wrong.status()).isEqualTo(401);
    assertThat(unknown.status()).isEqualTo(401);
    assertThat(wrong.body()).contains("The e-mail address or the password is not right");
    assertThat(errorText(wrong.body())).isEqualTo(errorText(unknown.body()));
    assertThat(browser.cookie("lanyard-sso")).isEmpty();
    assertThat(db.count("SELECT count(*) FROM oidc_sessions")).isZero();
    awaitAudit("login.failed", 2);
  }

  @Test
  void aWrongClientSecretIsInvalidClientWithTheBasicChallenge() throws Exception {
    Attempt attempt = attempt(portal, "openid");
    AuthorizationCode code = signIn(attempt);

    TokenResponse refused = token(new ClientSecretBasic(new ClientID(portal.clientId()), new Secret("not-the-secret")),
      new com.nimbusds.oauth2.sdk.AuthorizationCodeGrant(code, URI.create(portal.redirectUri()), attempt.verifier()));

    assertThat(error(refused)).isNotNull();
    assertThat(error(refused).getCode()).isEqualTo(OAuth2Error.INVALID_CLIENT.getCode());
    assertThat(error(refused).getHTTPStatusCode()).isEqualTo(401);
    assertThat(exchange(portal, code, attempt.verifier()).indicatesSuccess()).isTrue();
  }

  private static ErrorObject error(TokenResponse response) {
    assertThat(response.indicatesSuccess()).isFalse();
    return ((TokenErrorResponse) response).getErrorObject();
  }

  private static String errorText(String html) {
    int start = html.indexOf("class=\"error-summary\"");
    return html.substring(start, html.indexOf("</ul>", start));
  }
}
