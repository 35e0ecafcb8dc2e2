package io.lanyard.signin.oidc;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jwt.JWT;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.AuthorizationResponse;
import com.nimbusds.oauth2.sdk.AuthorizationSuccessResponse;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenErrorResponse;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.oauth2.sdk.token.BearerAccessToken;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
import com.nimbusds.openid.connect.sdk.UserInfoRequest;
import com.nimbusds.openid.connect.sdk.UserInfoResponse;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.lanyard.testing.UserAgent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The code flow end to end, driven by a real relying party (Nimbus's OAuth 2.0 / OpenID Connect SDK, which reads the
 * discovery document, fetches the JWKS and validates the ID token itself) and a browser without script that signs in on
 * the hosted login page.
 */
class OidcFlowIT {

  private static final String PASSWORD = "a long password";
  private static TestApp app;
  private static OIDCProviderMetadata provider;

  private final TestDb db = TestDb.get();
  private UserAgent browser;
  private OidcClientsFixture.Client portal;
  private String userId;

  @BeforeAll
  static void startProvider() throws Exception {
    app = OidcProviderApp.start(Map.of());
    provider = OIDCProviderMetadata.resolve(new Issuer(OidcProviderApp.issuer(app)));
  }

  @AfterAll
  static void stopProvider() {
    app.close();
  }

  @BeforeEach
  void clientAndAccount() {
    db.truncate();
    browser = new UserAgent(OidcProviderApp.issuer(app));
    portal = OidcClientsFixture.register(app, "portal", "https://portal.fair.example/callback", "--first-party");
    userId = Accounts.createActive(app, "ann@example.com", PASSWORD);
    db.query("UPDATE users SET profile = '{\"firstname\":\"Ann\",\"lastname\":\"Lee\"}'::jsonb WHERE id = $1",
      java.util.UUID.fromString(userId));
  }

  @Test
  void discoveryNamesEveryEndpointAndTheProtocolsChoices() {
    String issuer = OidcProviderApp.issuer(app);

    assertThat(provider.getIssuer().getValue()).isEqualTo(issuer);
    assertThat(provider.getAuthorizationEndpointURI()).hasToString(issuer + "/oidc/authorize");
    assertThat(provider.getTokenEndpointURI()).hasToString(issuer + "/oidc/token");
    assertThat(provider.getUserInfoEndpointURI()).hasToString(issuer + "/oidc/userinfo");
    assertThat(provider.getJWKSetURI()).hasToString(issuer + "/.well-known/jwks.json");
    assertThat(provider.getRevocationEndpointURI()).hasToString(issuer + "/oidc/revoke");
    assertThat(provider.getIntrospectionEndpointURI()).hasToString(issuer + "/oidc/introspect");
    assertThat(provider.getEndSessionEndpointURI()).hasToString(issuer + "/oidc/logout");
    assertThat(provider.getResponseTypes()).containsExactly(ResponseType.CODE);
    assertThat(provider.getCodeChallengeMethods()).containsExactly(CodeChallengeMethod.S256);
    assertThat(provider.getScopes().toStringList()).containsExactly("openid", "email", "profile", "offline_access");
    assertThat(provider.supportsAuthorizationResponseIssuerParam()).isTrue();
    assertThat(provider.getIDTokenJWSAlgs()).containsExactly(JWSAlgorithm.ES256);
  }

  @Test
  void aPersonSignsInOnTheHostedPageAndTheClientValidatesItsIdToken() throws Exception {
    CodeVerifier verifier = new CodeVerifier();
    Nonce nonce = new Nonce();
    State state = new State();
    AuthenticationRequest request = authenticationRequest(portal, "openid email profile", state, nonce, verifier);

    URI callback = browser.signIn(request.toURI(), "ann@example.com", PASSWORD);

    AuthorizationSuccessResponse response = AuthorizationResponse.parse(callback).toSuccessResponse();
    assertThat(response.getState()).isEqualTo(state);
    assertThat(response.getIssuer()).isEqualTo(provider.getIssuer());
    assertThat(browser.cookie("lanyard-sso")).isPresent();
    OIDCTokenResponse tokens = (OIDCTokenResponse) exchange(portal, response.getAuthorizationCode(), verifier)
      .toSuccessResponse();
    IDTokenClaimsSet claims = validator(portal).validate(tokens.getOIDCTokens().getIDToken(), nonce);
    assertThat(claims.getSubject().getValue()).isEqualTo(userId);
    assertThat(claims.getStringClaim("email")).isEqualTo("ann@example.com");
    assertThat(claims.getBooleanClaim("email_verified")).isFalse();
    assertThat(claims.getStringClaim("given_name")).isEqualTo("Ann");
    assertThat(claims.getStringClaim("family_name")).isEqualTo("Lee");
    assertThat(claims.getStringClaim("locale")).isEqualTo("en-GB");
    assertThat(claims.getAuthenticationTime()).isNotNull();
    assertThat(claims.getStringClaim("sid")).isNotBlank();
    assertThat(claims.getStringClaim("azp")).isEqualTo(portal.clientId());
    assertThat(tokens.getOIDCTokens().getRefreshToken()).isNotNull();

    UserInfoResponse userInfo = UserInfoResponse.parse(new UserInfoRequest(provider.getUserInfoEndpointURI(),
      tokens.getOIDCTokens().getBearerAccessToken()).toHTTPRequest().send());
    assertThat(userInfo.toSuccessResponse().getUserInfo().getSubject().getValue()).isEqualTo(userId);
    assertThat(userInfo.toSuccessResponse().getUserInfo().getEmailAddress()).isEqualTo("ann@example.com");
    assertThat(app.http().get("/_me", tokens.getOIDCTokens().getAccessToken().getValue()).status()).isEqualTo(200);
  }

  private AuthenticationRequest authenticationRequest(OidcClientsFixture.Client client, String scope, State state,
                                                      Nonce nonce, CodeVerifier verifier) {
    return new AuthenticationRequest.Builder(ResponseType.CODE, Scope.parse(scope), new ClientID(client.clientId()),
      URI.create(client.redirectUri())).endpointURI(provider.getAuthorizationEndpointURI()).state(state).nonce(nonce)
      .codeChallenge(verifier, CodeChallengeMethod.S256).build();
  }

  private TokenResponse exchange(OidcClientsFixture.Client client, AuthorizationCode code, CodeVerifier verifier)
    throws Exception {
    HTTPResponse response = new TokenRequest(provider.getTokenEndpointURI(),
      new ClientSecretBasic(new ClientID(client.clientId()), new Secret(client.secret())),
      new AuthorizationCodeGrant(code, URI.create(client.redirectUri()), verifier)).toHTTPRequest().send();
    return OIDCTokenResponseParser.parse(response);
  }

  private IDTokenValidator validator(OidcClientsFixture.Client client) throws Exception {
    return new IDTokenValidator(provider.getIssuer(), new ClientID(client.clientId()), JWSAlgorithm.ES256,
      provider.getJWKSetURI().toURL());
  }
}
