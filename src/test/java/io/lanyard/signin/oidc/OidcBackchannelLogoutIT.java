package io.lanyard.signin.oidc;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.util.URLUtils;
import com.nimbusds.openid.connect.sdk.LogoutRequest;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.claims.LogoutTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.validators.LogoutTokenValidator;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.UserAgent;
import io.lanyard.testing.WebhookReceiver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Back-channel logout: when a session ends, a client of it that registered a URI receives a logout token it can verify with
 * the published keys, delivered by a real HTTP receiver started here, again after it failed.
 */
class OidcBackchannelLogoutIT extends OidcFixture {

  private final WebhookReceiver receiver = new WebhookReceiver();

  @AfterEach
  void stopReceiver() {
    receiver.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {"RS256", "ES256"})
  void aClientOfTheEndedSessionReceivesALogoutTokenSignedWithItsAlgorithmEvenAfterAFailure(String algorithm)
    throws Exception {
    OidcClientsFixture.Client scanner = OidcClientsFixture.register(app, "scanner", "https://scanner.fair.example/cb",
      "--first-party", "--backchannel-logout-uri", receiver.url(), "--id-token-alg", algorithm);
    OIDCTokenResponse tokens = tokens(scanner, "openid");
    IDTokenClaimsSet idToken = validator(scanner).validate(tokens.getOIDCTokens().getIDToken(), null);
    receiver.answer(503);

    UserAgent.Page signedOut = browser.open(new LogoutRequest(provider.getEndSessionEndpointURI(),
      tokens.getOIDCTokens().getIDToken(), null, null).toURI());

    assertThat(signedOut.body()).contains("You are signed out");
    Eventually.until(() -> !receiver.received().isEmpty(), "a first attempt");
    receiver.answer(200);
    Eventually.until(() -> !receiver.acknowledged().isEmpty(), "a delivery acknowledged");
    String token = URLUtils.parseParameters(receiver.acknowledged().get(0).body()).get("logout_token").get(0);
    LogoutTokenClaimsSet claims = new LogoutTokenValidator(provider.getIssuer(), new ClientID(scanner.clientId()),
      JWSAlgorithm.parse(algorithm), provider.getJWKSetURI().toURL()).validate(JWTParser.parse(token));
    assertThat(claims.getSessionID().getValue()).isEqualTo(idToken.getSessionID().getValue());
    assertThat(claims.getSubject().getValue()).isEqualTo(userId);
    assertThat(JWTParser.parse(token).getHeader().toJSONObject().get("typ")).isEqualTo("logout+jwt");
    assertThat(JWTParser.parse(token).getHeader().getAlgorithm().getName()).isEqualTo(algorithm);
    Eventually.until(() -> db.count("SELECT count(*) FROM oidc_logout_deliveries WHERE status = 'delivered'") == 1,
      "the delivery recorded");
    assertThat(db.count("SELECT attempts FROM oidc_logout_deliveries")).isGreaterThanOrEqualTo(2);
  }

  @Test
  void aClientWithoutABackchannelUriOrOutsideTheSessionGetsNothing() throws Exception {
    OidcClientsFixture.Client other = OidcClientsFixture.register(app, "other", "https://other.fair.example/cb",
      "--first-party", "--backchannel-logout-uri", receiver.url());
    OIDCTokenResponse tokens = tokens(portal, "openid");

    URI location = UserAgent.redirectOf(browser.open(new LogoutRequest(provider.getEndSessionEndpointURI(),
      tokens.getOIDCTokens().getIDToken(), URI.create("https://portal.fair.example/bye"), new State()).toURI()));

    assertThat(location.toString()).startsWith("https://portal.fair.example/bye");
    assertThat(other.clientId()).isNotNull();
    assertThat(db.count("SELECT count(*) FROM oidc_logout_deliveries")).isZero();
  }
}
