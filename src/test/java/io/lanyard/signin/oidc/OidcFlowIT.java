package io.lanyard.signin.oidc;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.oauth2.sdk.AuthorizationResponse;
import com.nimbusds.oauth2.sdk.AuthorizationSuccessResponse;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.UserInfoRequest;
import com.nimbusds.openid.connect.sdk.UserInfoResponse;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import io.lanyard.testing.OidcProviderApp;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The code flow end to end, driven by a real relying party (Nimbus's OAuth 2.0 / OpenID Connect SDK, which reads the
 * discovery document, fetches the JWKS and validates the ID token itself) and a browser without script that signs in on
 * the hosted login page.
 */
class OidcFlowIT extends OidcFixture {

  @BeforeEach
  void annHasAName() {
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
    assertThat(provider.getIDTokenJWSAlgs()).containsExactly(JWSAlgorithm.RS256, JWSAlgorithm.ES256);
  }

  @Test
  void aPersonSignsInOnTheHostedPageAndTheClientValidatesItsIdToken() throws Exception {
    Attempt attempt = attempt(portal, "openid email profile");

    URI callback = browser.signIn(attempt.uri(), ANN, PASSWORD);

    AuthorizationSuccessResponse response = AuthorizationResponse.parse(callback).toSuccessResponse();
    assertThat(response.getState()).isEqualTo(attempt.state());
    assertThat(response.getIssuer()).isEqualTo(provider.getIssuer());
    assertThat(browser.cookie("lanyard-sso")).isPresent();
    OIDCTokenResponse tokens = (OIDCTokenResponse) exchange(portal, response.getAuthorizationCode(), attempt.verifier())
      .toSuccessResponse();
    IDTokenClaimsSet claims = validator(portal).validate(tokens.getOIDCTokens().getIDToken(), attempt.nonce());
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
}
