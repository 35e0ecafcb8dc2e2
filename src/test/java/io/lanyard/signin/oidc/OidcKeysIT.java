package io.lanyard.signin.oidc;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;
import io.lanyard.testing.Cli;
import io.lanyard.testing.Keys;
import io.lanyard.testing.OidcProviderApp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.UserAgent;
import io.vertx.core.json.JsonArray;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The ID tokens' keys the deployment generates: RS256 signs by default and ES256 for a client that registered it, both
 * published with their kid, kept encrypted, rotated and retired with {@code keys}. Nimbus, as the relying party, validates
 * the tokens against the published JWKS.
 */
class OidcKeysIT extends OidcFixture {

  private static final String JWKS = "/.well-known/jwks.json";

  @Test
  void idTokensAreSignedRs256ByDefaultAndEs256ForAClientThatRegisteredIt() throws Exception {
    OidcClientsFixture.Client scanner = OidcClientsFixture.register(app, "scanner", "https://scanner.fair.example/cb",
      "--first-party", "--id-token-alg", "ES256");
    assertThat(portal.printed()).containsEntry("id_token_signed_response_alg", "RS256");
    assertThat(scanner.printed()).containsEntry("id_token_signed_response_alg", "ES256");

    JWT portalToken = tokens(portal, "openid").getOIDCTokens().getIDToken();
    browser = new UserAgent(OidcProviderApp.issuer(app));
    JWT scannerToken = tokens(scanner, "openid").getOIDCTokens().getIDToken();

    assertThat(((SignedJWT) portalToken).getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.RS256);
    assertThat(((SignedJWT) scannerToken).getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.ES256);
    IDTokenClaimsSet portalClaims = new IDTokenValidator(provider.getIssuer(), new ClientID(portal.clientId()),
      JWSAlgorithm.RS256, provider.getJWKSetURI().toURL()).validate(portalToken, null);
    assertThat(portalClaims.getSubject().getValue()).isEqualTo(userId);
    IDTokenClaimsSet scannerClaims = new IDTokenValidator(provider.getIssuer(), new ClientID(scanner.clientId()),
      JWSAlgorithm.ES256, provider.getJWKSetURI().toURL()).validate(scannerToken, null);
    assertThat(scannerClaims.getSubject().getValue()).isEqualTo(userId);
    // a relying party expecting the other algorithm refuses each: no downgrade between the two
    assertThatThrownBy(() -> new IDTokenValidator(provider.getIssuer(), new ClientID(portal.clientId()), JWSAlgorithm.ES256,
      provider.getJWKSetURI().toURL()).validate(portalToken, null)).isInstanceOf(BadJOSEException.class);
    assertThatThrownBy(() -> new IDTokenValidator(provider.getIssuer(), new ClientID(scanner.clientId()), JWSAlgorithm.RS256,
      provider.getJWKSetURI().toURL()).validate(scannerToken, null)).isInstanceOf(BadJOSEException.class);
    assertThat(printed(Cli.run("apps", "show", "scanner"))).containsEntry("id_token_signed_response_alg", "ES256");
    assertThat(printed(Cli.run("apps", "show", "portal"))).containsEntry("id_token_signed_response_alg", "RS256");
    assertThat(db.single("SELECT id_token_alg FROM oidc_clients WHERE client_id = $1", scanner.clientId()).getString(0))
      .isEqualTo("ES256");
  }

  @Test
  void theJwksPublishesAnRsaAndAnEcKeyWithTheirKidsAndTheDatabaseKeepsThemEncrypted() throws Exception {
    try (TestApp fresh = OidcProviderApp.start(Map.of())) {
      JWKSet published = JWKSet.parse(fresh.http().get(JWKS).text());

      assertThat(published.getKeys()).hasSize(2);
      RSAKey rsa = (RSAKey) published.getKeys().get(0);
      ECKey ec = (ECKey) published.getKeys().get(1);
      assertThat(rsa.getAlgorithm()).isEqualTo(JWSAlgorithm.RS256);
      assertThat(rsa.getModulus().decodeToBigInteger().bitLength()).isEqualTo(2048);
      assertThat(rsa.getKeyID()).isEqualTo(rsa.computeThumbprint().toString());
      assertThat(rsa.isPrivate()).isFalse();
      assertThat(ec.getAlgorithm()).isEqualTo(JWSAlgorithm.ES256);
      assertThat(ec.getCurve()).isEqualTo(Curve.P_256);
      assertThat(ec.getKeyID()).isEqualTo(ec.computeThumbprint().toString());
      assertThat(ec.isPrivate()).isFalse();
      for (String name : List.of("oidc.rsaSigningKey", "oidc.signingKey")) {
        String kept = db.single("SELECT value FROM settings WHERE name = $1", name).getString(0);
        assertThat(kept).doesNotContain("\"d\"").doesNotContain(rsa.getModulus().toString())
          .doesNotContain(ec.getX().toString());
      }
      assertThat(fresh.http().get("/.well-known/openid-configuration").body()
        .getJsonArray("id_token_signing_alg_values_supported")).isEqualTo(JsonArray.of("RS256", "ES256"));
    }
  }

  @Test
  void aDeploymentThatKeptOnlyAnEs256KeyGetsAnRsaKeyAtItsNextStartAndKeepsItsEcKey() throws Exception {
    String ecKid;
    try (TestApp first = OidcProviderApp.start(Map.of())) {
      ecKid = JWKSet.parse(first.http().get(JWKS).text()).getKeys().get(1).getKeyID();
    }
    db.query("DELETE FROM settings WHERE name = 'oidc.rsaSigningKey'");

    try (TestApp upgraded = OidcProviderApp.start(Map.of())) {
      List<JWK> keys = JWKSet.parse(upgraded.http().get(JWKS).text()).getKeys();

      assertThat(keys).extracting(JWK::getAlgorithm).containsExactly(JWSAlgorithm.RS256, JWSAlgorithm.ES256);
      assertThat(keys.get(1).getKeyID()).isEqualTo(ecKid);
      assertThat(db.count("SELECT count(*) FROM settings WHERE name = 'oidc.rsaSigningKey'")).isOne();
    }
  }

  @Test
  void aRotatedKeyStaysPublishedUntilRetiredAndTheOtherAlgorithmsKeyIsUntouched() throws Exception {
    // the fixture's provider kept its keys in memory before the fixture emptied the database: start one on this database
    SignedJWT oldToken;
    List<JWK> before;
    try (TestApp first = OidcProviderApp.start(Map.of())) {
      before = JWKSet.parse(first.http().get(JWKS).text()).getKeys();
      oldToken = (SignedJWT) new RelyingParty(first, portal).idToken();
    }
    String rsaKid = before.get(0).getKeyID();
    String ecKid = before.get(1).getKeyID();
    assertThat(oldToken.getHeader().getKeyID()).isEqualTo(rsaKid);

    Cli.Run rotated = jar("keys", "rotate", "--alg", "RS256");

    assertThat(rotated.exitCode()).as(rotated.err()).isZero();
    Map<String, String> printed = printed(rotated);
    String newKid = printed.get("rs256_signing_kid");
    assertThat(newKid).isNotBlank().isNotEqualTo(rsaKid);
    assertThat(printed).containsEntry("rs256_previous_kid", rsaKid).containsEntry("es256_signing_kid", ecKid)
      .doesNotContainKey("es256_previous_kid");
    try (TestApp restarted = OidcProviderApp.start(Map.of())) {
      JWKSet published = JWKSet.parse(restarted.http().get(JWKS).text());
      assertThat(published.getKeys()).extracting(JWK::getKeyID).containsExactly(newKid, ecKid, rsaKid);
      // a token signed before the rotation still verifies with what is published
      assertThat(oldToken.verify(new RSASSAVerifier(published.getKeyByKeyId(rsaKid).toRSAKey()))).isTrue();
      SignedJWT newToken = (SignedJWT) new RelyingParty(restarted, portal).idToken();
      assertThat(newToken.getHeader().getKeyID()).isEqualTo(newKid);
      assertThat(newToken.verify(new RSASSAVerifier(published.getKeyByKeyId(newKid).toRSAKey()))).isTrue();
    }

    Cli.Run retired = jar("keys", "retire");

    assertThat(retired.out()).as(retired.err()).contains("Retired 1 previous key(s)");
    try (TestApp afterwards = OidcProviderApp.start(Map.of())) {
      assertThat(JWKSet.parse(afterwards.http().get(JWKS).text()).getKeys()).extracting(JWK::getKeyID)
        .containsExactly(newKid, ecKid);
    }
    assertThat(Cli.run("keys", "retire").out()).contains("No previous key to retire");
  }

  @Test
  void aConfiguredKeyPairSignsEveryClientsIdTokensAloneAndNothingIsGenerated() throws Exception {
    OidcClientsFixture.Client scanner = OidcClientsFixture.register(app, "scanner", "https://scanner.fair.example/cb",
      "--first-party", "--id-token-alg", "ES256");
    try (TestApp configured = OidcProviderApp.start(Keys.environment("RS256", Keys.rsa(), null))) {
      JWKSet published = JWKSet.parse(configured.http().get(JWKS).text());
      assertThat(published.getKeys()).hasSize(1);
      assertThat(published.getKeys().get(0).getAlgorithm()).isEqualTo(JWSAlgorithm.RS256);
      assertThat(configured.http().get("/.well-known/openid-configuration").body()
        .getJsonArray("id_token_signing_alg_values_supported")).isEqualTo(JsonArray.of("RS256"));

      SignedJWT token = (SignedJWT) new RelyingParty(configured, scanner).idToken();

      // the client asked for ES256, which this deployment does not offer: the one configured key signs
      assertThat(token.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.RS256);
      assertThat(token.getHeader().getKeyID()).isEqualTo(published.getKeys().get(0).getKeyID());
      assertThat(token.verify(new RSASSAVerifier(published.getKeys().get(0).toRSAKey()))).isTrue();
    }
    assertThat(db.count("SELECT count(*) FROM settings WHERE name LIKE 'oidc.%'")).isZero();
  }

  @Test
  void anAlgorithmOutsideTheTwoIsRefusedAndChangesNothing() {
    Cli.Run refused = Cli.run("apps", "oidc", "--app", "portal", "--redirect-uri", "https://portal.fair.example/callback",
      "--id-token-alg", "HS256");

    assertThat(refused.exitCode()).isNotZero();
    assertThat(refused.err()).contains("--id-token-alg").contains("RS256").contains("ES256");
    assertThat(db.single("SELECT id_token_alg FROM oidc_clients WHERE client_id = $1", portal.clientId()).getString(0))
      .isEqualTo("RS256");
    assertThat(Cli.run("keys", "rotate", "--alg", "none").exitCode()).isNotZero();
  }

  /**
   * The command as the operator runs it, {@code java -jar lanyard.jar}: rotating reads and writes the kept keys, so it needs
   * {@code LANYARD_JWT_SECRET_KEY}, an environment variable the in-process CLI of the other tests cannot be given.
   */
  private Cli.Run jar(String... arguments) throws Exception {
    Path jar = Path.of("target", "lanyard.jar");
    assertThat(jar).withFailMessage("run mvn package first: no " + jar).isRegularFile();
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
      "-jar", jar.toString()));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().keySet().removeIf(name -> name.startsWith("LANYARD_"));
    builder.environment().put("LANYARD_DB_URI", db.uri());
    builder.environment().put("LANYARD_JWT_SECRET_KEY", TestApp.JWT_SECRET_KEY);
    // a cold JVM's first connection on a loaded test machine may take past the service's 2 s budget for a pooled connection
    builder.environment().put("LANYARD_DB_QUEUE_BUDGET", "30s");
    Path out = Files.createTempFile("lanyard-keys", ".out");
    Path err = Files.createTempFile("lanyard-keys", ".err");
    Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    Cli.Run run = new Cli.Run(process.exitValue(), Files.readString(out), Files.readString(err));
    Files.delete(out);
    Files.delete(err);
    return run;
  }

  private static Map<String, String> printed(Cli.Run run) {
    assertThat(run.exitCode()).as(run.err()).isZero();
    Map<String, String> printed = new HashMap<>();
    for (String line : run.lines()) {
      String[] parts = line.split("\t", 2);
      if (parts.length == 2) {
        printed.putIfAbsent(parts[0], parts[1]);
      }
    }
    return printed;
  }

  /** The fixture's flow against another provider on the same database: Ann signs in, the portal exchanges its code. */
  private record RelyingParty(TestApp provider, OidcClientsFixture.Client client) {

    JWT idToken() throws Exception {
      String issuer = OidcProviderApp.issuer(provider);
      UserAgent browser = new UserAgent(issuer);
      CodeVerifier verifier = new CodeVerifier();
      URI authorize = new AuthenticationRequest.Builder(
        ResponseType.CODE, Scope.parse("openid"),
        new ClientID(client.clientId()), URI.create(client.redirectUri()))
        .endpointURI(URI.create(issuer + "/oidc/authorize")).state(new State())
        .codeChallenge(verifier, CodeChallengeMethod.S256).build().toURI();
      AuthorizationCode code = code(browser.signIn(authorize, ANN, PASSWORD));
      TokenResponse response = OIDCTokenResponseParser.parse(
        new TokenRequest(URI.create(issuer + "/oidc/token"), authentication(client),
          new AuthorizationCodeGrant(code, URI.create(client.redirectUri()), verifier))
          .toHTTPRequest().send());
      return ((OIDCTokenResponse) response.toSuccessResponse()).getOIDCTokens().getIDToken();
    }
  }
}
