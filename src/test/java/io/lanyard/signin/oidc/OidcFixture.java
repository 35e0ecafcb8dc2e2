package io.lanyard.signin.oidc;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.AuthorizationGrant;
import com.nimbusds.oauth2.sdk.AuthorizationResponse;
import com.nimbusds.oauth2.sdk.RefreshTokenGrant;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientAuthentication;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.oauth2.sdk.token.RefreshToken;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
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

import java.net.URI;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where the OpenID Connect tests start: a service with the provider on (one per test class), an empty database, a
 * first-party confidential client ({@code portal}), a browser without cookies, and Ann's account. The relying party is
 * Nimbus's SDK: it reads discovery, builds requests, parses replies and validates ID tokens against the published JWKS.
 */
abstract class OidcFixture {

  static final String PASSWORD = "a long password";
  static final String ANN = "ann@example.com";

  static TestApp app;
  static OIDCProviderMetadata provider;

  final TestDb db = TestDb.get();
  UserAgent browser;
  OidcClientsFixture.Client portal;
  String userId;

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
    portal = OidcClientsFixture.register(app, "portal", "https://portal.fair.example/callback", "--first-party",
      "--post-logout-redirect-uri", "https://portal.fair.example/bye");
    userId = Accounts.createActive(app, ANN, PASSWORD);
  }

  /** One authorization: its request, and what the client keeps to finish it. */
  record Attempt(AuthenticationRequest request, CodeVerifier verifier, State state, Nonce nonce) {

    URI uri() {
      return request.toURI();
    }
  }

  Attempt attempt(OidcClientsFixture.Client client, String scope) {
    return attempt(client, scope, builder -> { });
  }

  Attempt attempt(OidcClientsFixture.Client client, String scope, Consumer<AuthenticationRequest.Builder> more) {
    CodeVerifier verifier = new CodeVerifier();
    State state = new State();
    Nonce nonce = new Nonce();
    AuthenticationRequest.Builder builder = new AuthenticationRequest.Builder(ResponseType.CODE, Scope.parse(scope),
      new ClientID(client.clientId()), URI.create(client.redirectUri())).endpointURI(provider.getAuthorizationEndpointURI())
      .state(state).nonce(nonce).codeChallenge(verifier, CodeChallengeMethod.S256);
    more.accept(builder);
    return new Attempt(builder.build(), verifier, state, nonce);
  }

  /** Signs Ann in on the login page; the code the client receives. */
  AuthorizationCode signIn(Attempt attempt) throws Exception {
    return code(browser.signIn(attempt.uri(), ANN, PASSWORD));
  }

  static AuthorizationCode code(URI callback) throws Exception {
    return AuthorizationResponse.parse(callback).toSuccessResponse().getAuthorizationCode();
  }

  static TokenResponse exchange(OidcClientsFixture.Client client, AuthorizationCode code, CodeVerifier verifier)
    throws Exception {
    return token(authentication(client), new AuthorizationCodeGrant(code, URI.create(client.redirectUri()), verifier));
  }

  static TokenResponse refresh(OidcClientsFixture.Client client, RefreshToken token) throws Exception {
    return token(authentication(client), new RefreshTokenGrant(token));
  }

  static TokenResponse token(ClientAuthentication authentication, AuthorizationGrant grant) throws Exception {
    return OIDCTokenResponseParser.parse(new TokenRequest(provider.getTokenEndpointURI(), authentication, grant)
      .toHTTPRequest().send());
  }

  static ClientAuthentication authentication(OidcClientsFixture.Client client) {
    return new ClientSecretBasic(new ClientID(client.clientId()), new Secret(client.secret()));
  }

  /** The whole flow for Ann: sign in (or not, with a session), exchange, the tokens. */
  OIDCTokenResponse tokens(OidcClientsFixture.Client client, String scope) throws Exception {
    Attempt attempt = attempt(client, scope);
    return (OIDCTokenResponse) exchange(client, signIn(attempt), attempt.verifier()).toSuccessResponse();
  }

  /** Waits until the audit trail holds {@code count} events of {@code kind} (it is written a tenth of a second later). */
  void awaitAudit(String kind, long count) {
    io.lanyard.testing.Eventually.until(() -> db.count("SELECT count(*) FROM audit_events WHERE kind = $1", kind) == count,
      count + " " + kind + " events written");
  }

  /** Nimbus's validator for the algorithm the client registered ({@code apps oidc} printed it). */
  static IDTokenValidator validator(OidcClientsFixture.Client client) throws Exception {
    return new IDTokenValidator(provider.getIssuer(), new ClientID(client.clientId()), algorithm(client),
      provider.getJWKSetURI().toURL());
  }

  static JWSAlgorithm algorithm(OidcClientsFixture.Client client) {
    return JWSAlgorithm.parse(client.printed().get("id_token_signed_response_alg"));
  }
}
